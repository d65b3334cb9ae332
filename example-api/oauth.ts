// How the example API accepts the tokens of a real authorization server: a JWT verified against
// the issuer's published keys (issuer, audience, expiry), its `sub` mapped to a demo user; in client-credentials
// mode the tool server's own client token, whose user is then named by a header. REPLACE with your API's own.
import type { JWTPayload, JWTVerifyGetKey } from 'jose' with { 'resolution-mode': 'import' };
import { OAUTH_USERS, type DemoUser } from './data';

export interface ExampleApiOAuth {
  /** The authorization server's issuer (the tool server's OAUTH_ISSUER). */
  issuer: string;
  /** The audience its tokens for this API carry (the tool server's UPSTREAM_AUDIENCE). */
  audience: string;
  /**
   * The tool server's own client (OAUTH_CLIENT_ID): a token of this client with no user of its own may name
   * the user in `userHeader` (UPSTREAM_AUTH=client-credentials). Unset: that header is never trusted.
   */
  clientId?: string;
  /** Lower-case header naming the user beside the client's token. Default x-user-subject. */
  userHeader?: string;
  /** The key set's URL; by default read from the issuer's metadata. */
  jwksUri?: string;
  /** The clock tokens are checked against (a test moves it past a token's expiry). Default: now. */
  now?: () => Date;
}

/** `why`: the refusal in words for the API's log (`expired 42 s ago`, `audience not accepted`); never the token. */
export type OAuthVerdict = { user: DemoUser } | { refused: string; why: string };

/** jose's error, in words a developer reading the log acts on. */
function whyRefused(error: unknown, now: Date): string {
  const { code, claim, payload } = error as { code?: string; claim?: string; payload?: { exp?: unknown } };
  if (code === 'ERR_JWT_EXPIRED' && typeof payload?.exp === 'number') return `expired ${Math.max(0, Math.round(now.getTime() / 1000 - payload.exp))} s ago`;
  if (code === 'ERR_JWT_EXPIRED') return 'expired';
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return `${claim ?? 'a claim'} not accepted`;
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' || code === 'ERR_JWKS_NO_MATCHING_KEY') return "signature not made by the issuer's keys";
  return code ?? 'not verified';
}

/** A JWT's three parts: anything else is not for this check (the demo tokens, garbage). */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

async function jwksUriOf(issuer: string): Promise<string> {
  for (const document of ['oauth-authorization-server', 'openid-configuration']) {
    const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/${document}`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) continue;
    const { jwks_uri: uri } = (await response.json()) as { jwks_uri?: unknown };
    if (typeof uri === 'string') return uri;
  }
  throw new Error(`${issuer} publishes no jwks_uri`);
}

/** The user a verified token stands for, or why it does not stand for one. */
function userOf(payload: JWTPayload, headers: Readonly<Record<string, string | string[] | undefined>>, options: ExampleApiOAuth): OAuthVerdict {
  const clientId = typeof payload.client_id === 'string' ? payload.client_id : undefined;
  // oidc-provider's client-credentials tokens carry the client as `sub`, or no `sub` at all.
  const ownClientToken = options.clientId !== undefined && clientId === options.clientId && (payload.sub === undefined || payload.sub === clientId);
  if (ownClientToken) {
    const named = headers[options.userHeader ?? 'x-user-subject'];
    if (typeof named !== 'string' || named === '') return { refused: "the tool server's client token names no user", why: "the tool server's client token names no user" };
    return Object.hasOwn(OAUTH_USERS, named) ? { user: OAUTH_USERS[named]! } : { refused: 'unknown user', why: 'unknown user (named by the tool server)' };
  }
  // A user's own token: the header is never read, whoever set it.
  const subject = payload.sub;
  return subject !== undefined && Object.hasOwn(OAUTH_USERS, subject) ? { user: OAUTH_USERS[subject]! } : { refused: 'unknown user', why: 'unknown user (the token\'s subject)' };
}

/** Verifies tokens for `options.issuer` and `options.audience`; the key set is fetched on first use. */
export function createOAuthUsers(options: ExampleApiOAuth) {
  let keys: Promise<JWTVerifyGetKey> | undefined;
  const keySet = async (): Promise<JWTVerifyGetKey> => {
    const { createRemoteJWKSet } = await import('jose');
    return createRemoteJWKSet(new URL(options.jwksUri ?? (await jwksUriOf(options.issuer))));
  };

  return async function oauthUser(token: string, headers: Readonly<Record<string, string | string[] | undefined>>): Promise<OAuthVerdict> {
    const { jwtVerify } = await import('jose');
    const pending = (keys ??= keySet());
    // A failed discovery is tried again by the next request.
    pending.catch(() => void (keys === pending && (keys = undefined)));
    const currentDate = options.now?.() ?? new Date();
    try {
      const { payload } = await jwtVerify(token, await pending, { issuer: options.issuer, audience: options.audience, algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'], currentDate });
      return userOf(payload, headers, options);
    } catch (error) {
      return { refused: (error as { code?: string }).code ?? 'not verified', why: whyRefused(error, currentDate) };
    }
  };
}
