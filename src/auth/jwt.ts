// A JWT access token (RFC 9068) checked with jose against the issuer's published keys: an asymmetric
// algorithm from the allowlist (never `none`, never HS*: a public key must not become an HMAC secret),
// the issuer, our resource in `aud` (RFC 8707), and exp/nbf with a small leeway.
import { libraries, type JWTVerifyGetKey } from './libraries';
import { principalOf, subjectTagOf } from './principal-of';
import { invalid, unavailable, type Verdict } from './verdict';

export const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];

/**
 * Clocks of the authorization server and this server may differ by this much (seconds), for `nbf` and
 * `iat`. Not for `exp`: a token past it is refused at once, because the authorization server would refuse
 * to exchange it, and a 401 makes the client refresh where an exchange refused after the door cannot.
 */
export const CLOCK_TOLERANCE_S = 30;

/** jose's codes that say the token itself is not good; any other failure is the key server's (retry). */
const TOKEN_FAULTS = new Set([
  'ERR_JWS_INVALID',
  'ERR_JWT_INVALID',
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_EXPIRED',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
]);

/** Three base64url parts whose first is a JOSE header: decided without verifying anything. */
export function looksLikeJwt(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  try {
    const header: unknown = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
    return typeof header === 'object' && header !== null && typeof (header as { alg?: unknown }).alg === 'string';
  } catch {
    return false;
  }
}

/** The `iss` a JWT claims, unverified: only to refuse another issuer's token before fetching keys. */
export function issuerOf(token: string): string | undefined {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const iss = typeof payload === 'object' && payload !== null ? (payload as { iss?: unknown }).iss : undefined;
    return typeof iss === 'string' ? iss : undefined;
  } catch {
    return undefined;
  }
}

export interface JwksOptions {
  /** An unknown `kid` refetches the key set at most this often (jose's cooldownDuration). */
  cooldownMs?: number;
  /** Keys are refetched after this long even when every kid is known (jose's cacheMaxAge). */
  maxAgeMs?: number;
}

export async function createJwks(jwksUri: string, { cooldownMs = 30_000, maxAgeMs = 600_000 }: JwksOptions = {}): Promise<JWTVerifyGetKey> {
  const { jose } = await libraries();
  return jose.createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: cooldownMs, cacheMaxAge: maxAgeMs, timeoutDuration: 5_000 });
}

/**
 * Which check refused a token and why, for the log: the check, the expected value (ours, never
 * the token's) and, from the header, the kid or algorithm. Never the token, never its other claims.
 */
/** A header value from the token, bounded and quoted: the client chose it. */
const shown = (value: string | undefined): string => JSON.stringify(value === undefined ? null : value.slice(0, 64));

function refusalOf(error: { code?: unknown; claim?: unknown; reason?: unknown; payload?: { exp?: unknown; nbf?: unknown } }, header: { kid?: string; alg?: string } | undefined, issuer: string, resource: string): string {
  const now = Date.now() / 1000;
  switch (error.code) {
    case 'ERR_JWT_EXPIRED':
      return typeof error.payload?.exp === 'number' ? `expired ${Math.ceil(now - error.payload.exp)} s ago` : 'expired';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (error.claim === 'iss') return `issuer: not ${issuer}`;
      if (error.claim === 'aud') return `audience: does not include ${resource}`;
      if (error.claim === 'nbf' && typeof error.payload?.nbf === 'number') return `not valid for another ${Math.ceil(error.payload.nbf - now)} s (nbf)`;
      return `claim ${String(error.claim)}: ${error.reason === 'missing' ? 'missing' : 'check failed'}`;
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return `unknown kid ${shown(header?.kid)}: not in the issuer's key set`;
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return `kid ${shown(header?.kid)} matches several keys`;
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return `algorithm ${shown(header?.alg)} not allowed (asymmetric algorithms only)`;
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return `signature does not verify with the key of kid ${shown(header?.kid)}`;
    default:
      return `malformed JWT (${String(error.code)})`;
  }
}

/** The hashed subject of a refused token whose signature verified, for the refusal's log line; never the subject itself. */
function tagOf(sub: unknown, issuer: string): string | undefined {
  return typeof sub === 'string' && sub !== '' ? subjectTagOf(issuer, sub) : undefined;
}

/** `resources`: OAUTH_RESOURCE first, then its aliases; a token whose `aud` includes any of them is for us. */
export async function verifyJwt(token: string, tokenKey: string, keys: JWTVerifyGetKey, issuer: string, resources: readonly string[]): Promise<Verdict> {
  const { jose } = await libraries();
  const resource = resources[0]!;
  try {
    const { payload } = await jose.jwtVerify(token, keys, { issuer, audience: [...resources], algorithms: ALGORITHMS, clockTolerance: CLOCK_TOLERANCE_S });
    const now = Date.now() / 1000;
    if (payload.exp !== undefined && payload.exp <= now) return invalid(`expired ${Math.ceil(now - payload.exp)} s ago`, tagOf(payload.sub, issuer));
    const principal = principalOf(payload, issuer, token, tokenKey);
    return principal ? { ok: true, principal } : invalid('claim sub: missing');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && TOKEN_FAULTS.has(code)) {
      let header: { kid?: string; alg?: string } | undefined;
      try {
        header = jose.decodeProtectedHeader(token);
      } catch {
        header = undefined;
      }
      // jose checks the claims only once the signature verified: then the subject is the issuer's word.
      const claims = code === 'ERR_JWT_EXPIRED' || code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' ? (error as { payload?: { sub?: unknown } }).payload : undefined;
      return invalid(refusalOf(error as Parameters<typeof refusalOf>[0], header, issuer, resource), tagOf(claims?.sub, issuer));
    }
    return unavailable(error instanceof Error ? `the key set could not be read: ${error.message}` : 'the key set could not be read');
  }
}
