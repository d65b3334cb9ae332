// The authorization server refused this tool server's own request: its client (OAUTH_CLIENT_ID/SECRET),
// the grant, or UPSTREAM_AUDIENCE is not allowed there. The operator must fix the registration; neither
// the user signing in again nor a retry helps.
import { UpstreamAuthError, type UpstreamGrant } from './upstream-auth-error';

export class UpstreamAuthRefusedError extends UpstreamAuthError {
  override name = 'UpstreamAuthRefusedError';

  constructor(
    grant: UpstreamGrant,
    /** The OAuth `error` code (invalid_client, unauthorized_client, invalid_target...), or undefined. */
    readonly oauthError: string | undefined,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super('AUTH_REFUSED', grant, `refused this server's client (HTTP ${status}${oauthError ? `, ${oauthError}` : ''})`, options);
  }
}
