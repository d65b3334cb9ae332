// Verifies the bearer token of a POST /mcp (MCP_AUTH=oauth): a JWT against the issuer's keys, an opaque
// token by introspection; verified tokens cached by their hash, one verification in flight per token, a
// span per verification when tracing is on. Only the Authorization header is read, never the query.
// Refused tokens are remembered a while and introspection is budgeted per caller and overall, so garbage
// tokens cannot make the identity provider throttle this server.
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from '../logger';
import type { Discovery } from './discovery';
import { introspect } from './introspect';
import { createIntrospectionBudget, type IntrospectionBudgetOptions } from './introspection-budget';
import { createJwks, issuerOf, looksLikeJwt, verifyJwt, type JwksOptions } from './jwt';
import { createReachability, type Reachability } from './reachability';
import { RefusedTokens } from './refused-tokens';
import type { JWTVerifyGetKey } from './libraries';
import type { AuthSettings } from './settings';
import type { NowOrLater } from './now-or-later';
import { TokenCache, tokenKeyOf } from './token-cache';
import { traceVerification } from './trace';
import { invalid, unavailable, type Verdict } from './verdict';

export interface VerifierOptions {
  settings: AuthSettings;
  discovery: Discovery;
  logger: Logger;
  /** Tracing is on: each verification (not a cache hit) is a span. */
  tracing?: boolean;
  /** Verified tokens kept at most (default 10,000). */
  cacheSize?: number;
  jwks?: JwksOptions;
  /** A token arriving before the authorization server is discovered waits this long for it (default 5 s), then 503. */
  discoveryWaitMs?: number;
  /** Introspection requests allowed overall and per caller address (src/auth/introspection-budget.ts). */
  introspection?: IntrospectionBudgetOptions;
  /** Told when the authorization server does not answer and when it answers again (its log lines). */
  reachability?: Reachability;
}

/** A caller whose unknown tokens have used up its introspection budget: 429, retry after this long. */
export type Limited = { ok: false; kind: 'limited'; retryAfterS: number };

/** No bearer token at all (401 without an error code, RFC 6750 §3.1), or the verdict on the one sent. */
export type Verification = { ok: false; kind: 'missing' } | Limited | Verdict;

export interface TokenVerifier {
  /**
   * The verdict at once when it is known (no token, a malformed one, a cached or recently refused one), else a
   * promise of it. `callerOf`: the client's address, whose introspection budget an unknown opaque token
   * spends; asked only then, so a cached token costs no address resolution.
   */
  verify(headers: IncomingHttpHeaders, callerOf?: () => string): NowOrLater<Verification>;
  readonly cached: number;
}

/** `Bearer <token68>`; any other scheme, a repeated header or a malformed value carries no bearer token. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function createTokenVerifier({ settings, discovery, logger, tracing = false, cacheSize, jwks: jwksOptions, discoveryWaitMs = 5_000, introspection, reachability = createReachability(logger, settings.issuer) }: VerifierOptions): TokenVerifier {
  const cache = new TokenCache(cacheSize);
  const refused = new RefusedTokens(cacheSize);
  const spendIntrospection = createIntrospectionBudget(introspection);
  const inFlight = new Map<string, Promise<Verdict>>();
  let keys: { uri: string; get: Promise<JWTVerifyGetKey> } | undefined;
  const client = { id: settings.client.id, secret: settings.client.secret, allowInsecureRequests: settings.allowInsecureRequests };
  // A token for OAUTH_RESOURCE or any of its aliases is for this server (src/auth/resource-aliases.ts). With
  // Entra ID (on-behalf-of), so is one for this server's own app: a v2.0 access token names its API by the
  // app's client id, never by a URL, and Entra's on-behalf-of takes only a token whose aud is that app.
  const ownApp = settings.upstream?.mode === 'on-behalf-of' ? [settings.client.id] : [];
  const resources = [settings.resource, ...(settings.resourceAliases ?? []), ...ownApp];

  /** An introspection answer, whatever it says, shows the authorization server is there. */
  const heard = (verdict: Verdict): Verdict => {
    if (verdict.ok || verdict.kind !== 'unavailable') reachability.answered();
    return verdict;
  };

  function keysFor(uri: string): Promise<JWTVerifyGetKey> {
    if (keys?.uri !== uri) keys = { uri, get: createJwks(uri, jwksOptions) };
    return keys.get;
  }

  async function check(token: string, tokenKey: string, headers: IncomingHttpHeaders): Promise<Verdict> {
    // A fresh replica may take traffic while discovery is under way: wait for it a little, not 503 at once.
    const as = discovery.current() ?? (await discovery.within(discoveryWaitMs));
    if (as === undefined) return unavailable('the authorization server has not been reached yet');
    if (looksLikeJwt(token)) {
      // Another issuer's JWT is refused before any key is fetched, and a JWT never goes to introspection.
      if (issuerOf(token) !== as.issuer) return invalid(`issuer: not ${as.issuer}`);
      if (as.jwks_uri === undefined) return invalid('a JWT, but the authorization server publishes no keys');
      const jwksUri = as.jwks_uri;
      return traceVerification(tracing, 'jwt', headers, async () => verifyJwt(token, tokenKey, await keysFor(jwksUri), as.issuer, resources));
    }
    return traceVerification(tracing, 'introspection', headers, () => introspect(token, tokenKey, as, client, resources)).then(heard);
  }

  /** A token verified or refused before is answered from memory at once (no promise); any other is checked. */
  function verifyToken(token: string, headers: IncomingHttpHeaders, callerOf: () => string): NowOrLater<Verdict | Limited> {
    const tokenKey = tokenKeyOf(token);
    const known = cache.get(tokenKey);
    if (known) return { ok: true, principal: known };
    const reason = refused.get(tokenKey);
    if (reason !== undefined) return invalid(reason);
    let pending = inFlight.get(tokenKey);
    if (pending === undefined) {
      if (!looksLikeJwt(token)) {
        // An opaque token costs a request at the authorization server: only within the budgets.
        const spend = spendIntrospection(callerOf());
        if (!spend.ok) return spend.limited === 'caller' ? { ok: false, kind: 'limited', retryAfterS: spend.retryAfterS } : invalid('not checked: the introspection budget of this server is spent for this second');
      }
      pending = check(token, tokenKey, headers).finally(() => inFlight.delete(tokenKey));
      inFlight.set(tokenKey, pending);
    }
    return settled(pending, tokenKey);
  }

  async function settled(pending: Promise<Verdict>, tokenKey: string): Promise<Verdict> {
    const verdict = await pending;
    if (verdict.ok) cache.set(verdict.principal);
    else if (verdict.kind === 'unavailable') {
      // One warn line when it stops answering (reachability), not one per token.
      logger.debug({ reason: verdict.reason }, 'a token could not be verified: the authorization server did not answer');
      reachability.failed(verdict.reason);
    }
    else refused.set(tokenKey, verdict.reason);
    return verdict;
  }

  return {
    verify(headers, callerOf = () => 'unknown') {
      const header = headers.authorization;
      const match = typeof header === 'string' ? BEARER.exec(header) : null;
      if (match === null) {
        // Bearer with a malformed value was still an attempt at a token: invalid, not missing.
        return typeof header === 'string' && /^Bearer\b/i.test(header) ? invalid('malformed bearer token') : { ok: false, kind: 'missing' };
      }
      return verifyToken(match[1]!, headers, callerOf);
    },
    get cached() {
      return cache.size;
    },
  };
}
