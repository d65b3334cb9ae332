// Base class of every failure to make credentials for the customer's API on /mcp in oauth mode: a token
// exchange, a client-credentials grant or an on-behalf-of request at the authorization server. Messages name
// the grant and the endpoint's path, never a token, a secret or a response body; the original failure is
// kept in `cause`.

export type UpstreamGrant = 'token-exchange' | 'client-credentials' | 'on-behalf-of';

export class UpstreamAuthError extends Error {
  override name = 'UpstreamAuthError';

  constructor(
    /** Stable code: AUTH_EXPIRED, AUTH_UNAVAILABLE or AUTH_REFUSED. */
    readonly code: string,
    readonly grant: UpstreamGrant,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${grant} at the authorization server: ${detail}`, options);
  }
}
