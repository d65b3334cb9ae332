// The Identity Assertion JWT Authorization Grant (ID-JAG) of the Enterprise-Managed Authorization extension
// (io.modelcontextprotocol/enterprise-managed-authorization): an MCP client that got an ID-JAG from the
// company's IdP (RFC 8693 token exchange there) presents it here with the RFC 7523 JWT bearer grant, and gets
// a token for /mcp as that user, with no sign-in page. Only the IdP named by AUTH_SERVER_ENTERPRISE_ISSUER and
// _JWKS_URL is trusted. Every refusal is an OAuth error carrying its reason for the log line; no line holds
// the assertion or its subject (a hashed tag at most).
import type { JWTVerifyGetKey } from 'jose' with { 'resolution-mode': 'import' };
import { subjectTagOf } from '../src/auth/principal-of';
import type { GrantContext, ProviderErrors, ResourceSettings } from './grants';

export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** The JWT `typ` of an ID-JAG (draft-ietf-oauth-identity-assertion-authz-grant; RFC 8725 §3.11: explicit typing). */
export const ID_JAG_TYP = 'oauth-id-jag+jwt';

/** Asymmetric algorithms only: never `none`, never an HMAC whose key would be the public JWKS. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const CLOCK_TOLERANCE_S = 30;
/** Seen `jti`s are pruned of the expired once the set reaches this size. */
const PRUNE_AT = 10_000;

export interface EnterpriseIdp {
  /** AUTH_SERVER_ENTERPRISE_ISSUER: the `iss` of its ID-JAGs, exactly. */
  readonly issuer: string;
  /** AUTH_SERVER_ENTERPRISE_JWKS_URL: where its signing keys are published. */
  readonly jwksUrl: string;
}

/** Where an accepted grant is logged (refusals: ./authorization-server.ts); never the assertion or the subject itself. */
export interface GrantLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface IdJagOptions {
  idp: EnterpriseIdp;
  /** This server's issuer: an ID-JAG's `aud` must be it. */
  issuer: string;
  resources: Readonly<Record<string, ResourceSettings>>;
  errors: ProviderErrors;
  /** Issues the access token (./grants.ts). */
  issue: (ctx: GrantContext, accountId: string, resource: string, scope: string | undefined, gty: string) => Promise<Record<string, unknown>>;
  log: GrantLog;
  now?: () => number;
}

type OAuthError = InstanceType<ProviderErrors['InvalidGrant']>;

/** jose's error codes turned into the reason logged; the expected value is ours, never the assertion's. */
function reasonOf(error: { code?: unknown; claim?: unknown; reason?: unknown }, idp: EnterpriseIdp, issuer: string): string {
  switch (error.code) {
    case 'ERR_JWT_EXPIRED':
      return 'expired (exp)';
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (error.claim === 'iss') return `issuer: not the enterprise IdP ${idp.issuer}`;
      if (error.claim === 'aud') return `audience: not this authorization server ${issuer}`;
      if (error.claim === 'typ') return `typ: not ${ID_JAG_TYP}`;
      return `claim ${String(error.claim)}: ${error.reason === 'missing' ? 'missing' : 'check failed'}`;
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return 'unsigned or not an asymmetric signature (alg)';
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return "signature does not verify with the enterprise IdP's key";
    case 'ERR_JWKS_NO_MATCHING_KEY':
      return "signed with a key the enterprise IdP does not publish (kid)";
    default:
      return `not a signed JWT (${String(error.code ?? 'malformed')})`;
  }
}

export async function createIdJagGrant({ idp, issuer, resources, errors, issue, log, now = Date.now }: IdJagOptions) {
  const { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } = await import('jose');
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(idp.jwksUrl), { timeoutDuration: 5_000 });
  /** `iss` and `jti` of every ID-JAG accepted, kept until its `exp`: a second use is a replay. */
  const seen = new Map<string, number>();

  function remember(key: string, exp: number): boolean {
    const at = now() / 1000;
    const until = seen.get(key);
    if (until !== undefined && until > at - CLOCK_TOLERANCE_S) return false;
    if (seen.size >= PRUNE_AT) for (const [old, end] of seen) if (end <= at - CLOCK_TOLERANCE_S) seen.delete(old);
    seen.set(key, exp);
    return true;
  }

  /**
   * Throws the OAuth error with the reason for the log attached (./authorization-server.ts logs every refused
   * token request in one place); `subjectTag` only once the IdP's signature vouched for the subject.
   */
  function refuse(error: OAuthError, reason: string, subjectTag?: string): never {
    throw Object.assign(error, { reason, ...(subjectTag === undefined ? {} : { subjectTag }) });
  }

  return async function idJag(ctx: GrantContext): Promise<void> {
    const client = ctx.oidc.client.clientId;
    const { assertion, resource: requestedResource, scope: requestedScope } = ctx.oidc.params;
    if (!assertion) refuse(new errors.InvalidRequest('assertion required'), 'no assertion');
    let typ: unknown;
    try {
      typ = decodeProtectedHeader(assertion).typ;
    } catch {
      refuse(new errors.InvalidGrant('the assertion is not a JWT'), 'not a JWT');
    }
    // Checked before the signature: an ID token or access token of the same IdP must never pass as a grant.
    if (typeof typ !== 'string' || typ.toLowerCase() !== ID_JAG_TYP) refuse(new errors.InvalidGrant(`the assertion is not an ID-JAG (typ ${ID_JAG_TYP})`), `typ: not ${ID_JAG_TYP}`);
    let claims: Record<string, unknown>;
    try {
      const verified = await jwtVerify(assertion, keys, {
        issuer: idp.issuer,
        audience: issuer,
        typ: ID_JAG_TYP,
        algorithms: ALGORITHMS,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'jti', 'exp', 'iat', 'client_id', 'resource'],
        currentDate: new Date(now()),
      });
      claims = verified.payload;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // The IdP's keys could not be read (down, slow, not JSON): not the assertion's fault, so try again later.
      if (code === 'ERR_JWKS_TIMEOUT' || code === 'ERR_JOSE_GENERIC' || code === 'ERR_JWKS_INVALID' || (error instanceof TypeError && code === undefined)) {
        refuse(new errors.TemporarilyUnavailable("the enterprise IdP's keys could not be read"), "the enterprise IdP's keys could not be read");
      }
      refuse(new errors.InvalidGrant('the assertion is not a valid ID-JAG of the trusted IdP'), reasonOf(error as never, idp, issuer));
    }
    const sub = claims.sub as string;
    const subjectTag = subjectTagOf(issuer, sub);
    // RFC 7521 §5.2 and the extension's §5.1: the grant was issued to the client that presents it.
    if (claims.client_id !== client) refuse(new errors.InvalidGrant('the assertion was issued to another client'), 'client_id: not the authenticated client', subjectTag);
    const resource = claims.resource;
    if (typeof resource !== 'string' || resources[resource] === undefined) refuse(new errors.InvalidTarget('the assertion names a resource this server does not serve'), 'resource: not a resource of this server', subjectTag);
    if (requestedResource !== undefined && requestedResource !== resource) refuse(new errors.InvalidTarget('resource differs from the assertion'), 'resource: the request names another resource than the assertion', subjectTag);
    if (typeof claims.jti !== 'string' || claims.jti === '') refuse(new errors.InvalidGrant('the assertion has no jti'), 'claim jti: missing', subjectTag);
    if (!remember(`${idp.issuer}\n${claims.jti as string}`, claims.exp as number)) refuse(new errors.InvalidGrant('the assertion was used before'), 'replayed: jti seen before', subjectTag);
    // The IdP's policy decided the scopes; a client may ask for fewer, never more.
    const granted = typeof claims.scope === 'string' ? claims.scope.split(' ').filter((item) => item !== '') : [];
    const scope = (requestedScope === undefined ? granted : requestedScope.split(' ').filter((item) => granted.includes(item))).join(' ') || undefined;
    const { issued_token_type: _type, ...body } = await issue(ctx, sub, resource as string, scope, 'id-jag');
    log.info({ grant: 'jwt-bearer', client, subjectTag, resource }, 'ID-JAG accepted');
    ctx.body = body;
  };
}
