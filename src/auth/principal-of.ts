// Turns the claims of a verified token (a JWT's payload or an introspection answer) into the Principal the
// tool path sees. The subject tag is the only form of the caller's identity in logs and limit keys.
import { hash } from 'node:crypto';
import type { Principal } from './principal';

export interface VerifiedClaims {
  iss?: string;
  sub?: string;
  exp?: number;
  scope?: unknown;
  scp?: unknown;
  /** The client the token was issued to: RFC 9068 and RFC 7662 `client_id`, Okta's `cid`, OIDC's `azp`. */
  client_id?: unknown;
  cid?: unknown;
  azp?: unknown;
  /** Auth0's grant type claim (`client-credentials`). */
  gty?: unknown;
  /** Entra ID's optional claim: `app` for an app-only token. */
  idtyp?: unknown;
}

/** A short, stable hash of issuer and subject: the same user has the same tag across tokens and replicas. */
export function subjectTagOf(issuer: string, subject: string): string {
  return `sub:${hash('sha256', `${issuer}\n${subject}`, 'base64url').slice(0, 16)}`;
}

/** `scope` is a space-separated string (RFC 9068, RFC 7662); some servers send `scp` as a list instead. */
export function scopesOf(claims: VerifiedClaims): ReadonlySet<string> {
  const value = claims.scope ?? claims.scp;
  if (typeof value === 'string') return new Set(value.split(' ').filter((scope) => scope !== ''));
  if (Array.isArray(value)) return new Set(value.filter((scope): scope is string => typeof scope === 'string'));
  return new Set();
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * A token a client got for itself (client credentials), with no user. RFC 9068 §2.2 has such a token's `sub`
 * name the client, as oidc-provider, Okta and Auth0 do (`sub` = `client_id`, or Okta's `cid`, or `azp`); an
 * introspection answer (RFC 7662) may name no `sub` at all, only the `client_id`. Auth0 also says
 * `gty: client-credentials`, and Entra ID (whose `sub` is never the client's) `idtyp: app` where that
 * optional claim is turned on. A Keycloak service account is a user of its own to Keycloak, and to this server.
 */
function isMachine(claims: VerifiedClaims, sub: string | undefined, client: string | undefined): boolean {
  if (claims.gty === 'client-credentials' || claims.idtyp === 'app') return true;
  if (sub === undefined) return client !== undefined;
  return sub === client || sub === text(claims.cid) || sub === text(claims.azp);
}

/**
 * Undefined when the token names no subject (and no client, for a machine's): such a token cannot be
 * attributed, so it is refused.
 */
export function principalOf(claims: VerifiedClaims, issuer: string, token: string, tokenKey: string): Principal | undefined {
  const sub = text(claims.sub);
  const client = text(claims.client_id);
  const machine = isMachine(claims, sub, client);
  const subject = sub ?? (machine ? client : undefined);
  if (subject === undefined) return undefined;
  return Object.freeze({
    subject,
    subjectTag: subjectTagOf(issuer, subject),
    scopes: scopesOf(claims),
    token,
    tokenKey,
    expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : Infinity,
    ...(machine ? { machine: true } : {}),
  });
}
