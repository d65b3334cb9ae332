// The customer's API did not connect, send headers or finish its body in time.
import { UpstreamError, type UpstreamRequestInfo } from './upstream-error';

export class UpstreamTimeoutError extends UpstreamError {
  override name = 'UpstreamTimeoutError';
  constructor(request: UpstreamRequestInfo, options?: { cause?: unknown }) {
    super('UPSTREAM_TIMEOUT', 'timed out', request, options);
  }
}
