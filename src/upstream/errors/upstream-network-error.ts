// The customer's API could not be reached (refused, reset, DNS).
import { UpstreamError, type UpstreamRequestInfo } from './upstream-error';

export class UpstreamNetworkError extends UpstreamError {
  override name = 'UpstreamNetworkError';
  constructor(request: UpstreamRequestInfo, options?: { cause?: unknown }) {
    super('UPSTREAM_UNREACHABLE', 'could not be reached', request, options);
  }
}
