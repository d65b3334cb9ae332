// The authorization server refused to exchange the client's token (token exchange, or Entra's on-behalf-of):
// it is no longer good (expired, revoked, or the grant is gone). The user must sign in again; retrying with the same token cannot work.
import { UpstreamAuthError } from './upstream-auth-error';

export class UpstreamAuthExpiredError extends UpstreamAuthError {
  override name = 'UpstreamAuthExpiredError';

  constructor(
    /** The OAuth `error` code the server answered with (invalid_grant...), or undefined without one. */
    readonly oauthError: string | undefined,
    readonly status: number,
    options?: { cause?: unknown; grant?: 'token-exchange' | 'on-behalf-of' },
  ) {
    super('AUTH_EXPIRED', options?.grant ?? 'token-exchange', `the client's token was refused (HTTP ${status}${oauthError ? `, ${oauthError}` : ''})`, options);
  }
}
