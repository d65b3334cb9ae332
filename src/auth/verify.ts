// Verifies the bearer token of a POST /mcp (MCP_AUTH=oauth): a JWT against the issuer's keys, an opaque
// token by introspection; verified tokens cached by their hash, one verification in flight per token, a
// span per verification when tracing is on. Only the Authorization header is read, never the query.
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from '../logger';
import type { Discovery } from './discovery';
import { introspect } from './introspect';
import { createJwks, looksLikeJwt, verifyJwt, type JwksOptions } from './jwt';
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
}

/** No bearer token at all (401 without an error code, RFC 6750 §3.1), or the verdict on the one sent. */
export type Verification = { ok: false; kind: 'missing' } | Verdict;

export interface TokenVerifier {
  /** The verdict at once when it is known (no token, a malformed one, a cached one), else a promise of it. */
  verify(headers: IncomingHttpHeaders): NowOrLater<Verification>;
  readonly cached: number;
}

/** `Bearer <token68>`; any other scheme, a repeated header or a malformed value carries no bearer token. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export function createTokenVerifier({ settings, discovery, logger, tracing = false, cacheSize, jwks: jwksOptions, discoveryWaitMs = 5_000 }: VerifierOptions): TokenVerifier {
  const cache = new TokenCache(cacheSize);
  const inFlight = new Map<string, Promise<Verdict>>();
  let keys: { uri: string; get: Promise<JWTVerifyGetKey> } | undefined;
  const client = { id: settings.client.id, secret: settings.client.secret, allowInsecureRequests: settings.allowInsecureRequests };

  // While the authorization server is down every call fails the same way: one line a minute, with a count.
  let warnedAt = -Infinity;
  let suppressed = 0;
  function warnUnavailable(reason: string): void {
    const now = Date.now();
    if (now - warnedAt < 60_000) return void (suppressed += 1);
    logger.warn({ reason, suppressed }, 'a token could not be verified: the authorization server did not answer');
    warnedAt = now;
    suppressed = 0;
  }

  function keysFor(uri: string): Promise<JWTVerifyGetKey> {
    if (keys?.uri !== uri) keys = { uri, get: createJwks(uri, jwksOptions) };
    return keys.get;
  }

  async function check(token: string, tokenKey: string, headers: IncomingHttpHeaders): Promise<Verdict> {
    // A fresh replica may take traffic while discovery is under way: wait for it a little, not 503 at once (issue 25).
    const as = discovery.current() ?? (await discovery.within(discoveryWaitMs));
    if (as === undefined) return unavailable('the authorization server has not been reached yet');
    if (looksLikeJwt(token)) {
      if (as.jwks_uri === undefined) return invalid('a JWT, but the authorization server publishes no keys');
      const jwksUri = as.jwks_uri;
      return traceVerification(tracing, 'jwt', headers, async () => verifyJwt(token, tokenKey, await keysFor(jwksUri), as.issuer, settings.resource));
    }
    return traceVerification(tracing, 'introspection', headers, () => introspect(token, tokenKey, as, client, settings.resource));
  }

  /** A token verified before is answered from the cache at once (no promise); any other is checked. */
  function verifyToken(token: string, headers: IncomingHttpHeaders): NowOrLater<Verdict> {
    const tokenKey = tokenKeyOf(token);
    const known = cache.get(tokenKey);
    return known ? { ok: true, principal: known } : checkToken(token, tokenKey, headers);
  }

  async function checkToken(token: string, tokenKey: string, headers: IncomingHttpHeaders): Promise<Verdict> {
    let pending = inFlight.get(tokenKey);
    if (pending === undefined) {
      pending = check(token, tokenKey, headers).finally(() => inFlight.delete(tokenKey));
      inFlight.set(tokenKey, pending);
    }
    const verdict = await pending;
    if (verdict.ok) cache.set(verdict.principal);
    else if (verdict.kind === 'unavailable') warnUnavailable(verdict.reason);
    return verdict;
  }

  return {
    verify(headers) {
      const header = headers.authorization;
      const match = typeof header === 'string' ? BEARER.exec(header) : null;
      if (match === null) {
        // Bearer with a malformed value was still an attempt at a token: invalid, not missing.
        return typeof header === 'string' && /^Bearer\b/i.test(header) ? invalid('malformed bearer token') : { ok: false, kind: 'missing' };
      }
      return verifyToken(match[1]!, headers);
    },
    get cached() {
      return cache.size;
    },
  };
}
