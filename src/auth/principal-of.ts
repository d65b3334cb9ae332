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

/** Undefined when the token names no subject: such a token cannot be attributed, so it is refused. */
export function principalOf(claims: VerifiedClaims, issuer: string, token: string, tokenKey: string): Principal | undefined {
  if (typeof claims.sub !== 'string' || claims.sub === '') return undefined;
  return Object.freeze({
    subject: claims.sub,
    subjectTag: subjectTagOf(issuer, claims.sub),
    scopes: scopesOf(claims),
    token,
    tokenKey,
    expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 : Infinity,
  });
}
