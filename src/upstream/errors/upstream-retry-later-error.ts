// The customer's API asked to wait: a 429, or a 503 that says when to come back (Retry-After). The model
// is told to wait, for as long as the API said, rather than to check a request that was fine.
import { UpstreamHttpError, type UpstreamReason } from './upstream-http-error';
import type { UpstreamRequestInfo } from './upstream-error';

export class UpstreamRetryLaterError extends UpstreamHttpError {
  override name = 'UpstreamRetryLaterError';
  constructor(
    status: number,
    request: UpstreamRequestInfo,
    /** From Retry-After (delta-seconds or an HTTP-date), whole seconds from now; undefined when absent or unreadable. */
    readonly retryAfterSeconds: number | undefined,
    reason?: UpstreamReason,
    body?: unknown,
  ) {
    super(status, request, reason, body, status === 429 ? 'UPSTREAM_RATE_LIMITED' : 'UPSTREAM_UNAVAILABLE');
  }
}
