// The customer's API answered 401 to a request that carried no credentials at all.
import { UpstreamHttpError, type UpstreamReason } from './upstream-http-error';
import type { UpstreamRequestInfo } from './upstream-error';

/**
 * A 401 to a request that carried no credentials at all (no Authorization, cookie or custom auth header):
 * not an expired session but a client connection set up to send none.
 */
export class UpstreamNoCredentialsError extends UpstreamHttpError {
  override name = 'UpstreamNoCredentialsError';
  constructor(request: UpstreamRequestInfo, reason?: UpstreamReason, body?: unknown) {
    super(401, request, reason, body, 'UPSTREAM_NO_CREDENTIALS');
  }
}
