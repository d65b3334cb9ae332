// The customer's API answered with a non-2xx status.
import { UpstreamError, type UpstreamRequestInfo } from './upstream-error';

export class UpstreamHttpError extends UpstreamError {
  override name = 'UpstreamHttpError';
  constructor(
    readonly status: number,
    request: UpstreamRequestInfo,
  ) {
    super('UPSTREAM_HTTP_STATUS', `answered HTTP ${status}`, request);
  }
}
