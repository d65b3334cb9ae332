// The customer's API answered 401 on /mcp to a request that carried the API key its security scheme names.
import { UpstreamHttpError, type UpstreamReason } from './upstream-http-error';
import type { UpstreamRequestInfo } from './upstream-error';

/**
 * A 401 to a request that carried an API key (a tool's `credentials`, see src/upstream/placement.ts), on
 * /mcp: a key does not expire like a session, it was refused (wrong, revoked or without access). The hub's
 * lane keeps the contract's session sentence (contract, "Credentials forwarded", rule 4).
 */
export class UpstreamKeyRefusedError extends UpstreamHttpError {
  override name = 'UpstreamKeyRefusedError';
  constructor(request: UpstreamRequestInfo, reason?: UpstreamReason, body?: unknown) {
    super(401, request, reason, body, 'UPSTREAM_KEY_REFUSED');
  }
}
