// Whose share a tool call counts against: the hub's X-User-Id, else a fingerprint of the user's
// credentials (a hash; the credential is kept only in memory, in a small cache of recent fingerprints,
// never logged or stored), else the client's address. Behind caller
// authentication X-User-Id comes from the hub; without it, a client can name any user, so the limits
// are only as fair as the callers are trusted.
import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Caller } from '../upstream/credentials';

const CREDENTIAL_HEADERS = ['authorization', 'x-user-auth-authorization', 'cookie'] as const;

/**
 * Fingerprints of recent credentials, by the credential headers as received: a user's calls skip the
 * sha256. Bounded (1,000 entries of at most 2 KiB each), in memory only, never logged; the
 * oldest entry goes first.
 */
const RECENT = 1000;
const MAX_CACHED_LENGTH = 2048;
const recent = new Map<string, string>();
/**
 * The same fingerprints by the Authorization value alone, for the common call that carries no other
 * credential header: its lookup needs no material string built and hashed first.
 */
const recentAuthorization = new Map<string, string>();

function remember(cache: Map<string, string>, material: string, key: string): void {
  if (material.length > MAX_CACHED_LENGTH) return;
  if (cache.size >= RECENT) cache.delete(cache.keys().next().value!);
  cache.set(material, key);
}

const keyOf = (material: string): string => `credential:${hash('sha256', material, 'base64url').slice(0, 22)}`;

function fingerprint(material: string): string {
  let key = recent.get(material);
  if (key === undefined) remember(recent, material, (key = keyOf(material)));
  return key;
}

function part(name: string, value: string | string[] | undefined): string {
  return value === undefined ? '' : `${name}\n${Array.isArray(value) ? value.join('\n') : value}\n`;
}

/** Whether Authorization is the call's only credential header (the material is then its part alone). */
function onlyAuthorization(headers: IncomingHttpHeaders, customAuthHeaders: readonly string[]): boolean {
  if (headers.cookie !== undefined || headers['x-user-auth-authorization'] !== undefined) return false;
  for (const name of customAuthHeaders) if (headers[name] !== undefined) return false;
  return true;
}

export function callerKey(
  headers: IncomingHttpHeaders,
  caller: Caller,
  customAuthHeaders: readonly string[],
  clientAddress: string | undefined,
): string {
  // caller.userId is undefined when X-User-Id was absent or failed the length/charset check.
  if (caller.userId !== undefined) return `user:${caller.userId}`;
  const authorization = headers.authorization;
  if (authorization !== undefined && onlyAuthorization(headers, customAuthHeaders)) {
    let key = recentAuthorization.get(authorization);
    if (key === undefined) remember(recentAuthorization, authorization, (key = keyOf(part('authorization', authorization))));
    return key;
  }
  let material = '';
  for (const name of CREDENTIAL_HEADERS) material += part(name, headers[name]);
  for (const name of customAuthHeaders) material += part(name, headers[name]);
  if (material !== '') return fingerprint(material);
  return `address:${clientAddress ?? 'unknown'}`;
}
