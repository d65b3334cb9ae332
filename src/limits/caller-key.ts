// Whose share a tool call counts against: the hub's X-User-Id, else a fingerprint of the user's
// credentials (a hash: the credential itself is never kept), else the client's address. Behind caller
// authentication X-User-Id comes from the hub; without it, a client can name any user, so the limits
// are only as fair as the callers are trusted.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Caller } from '../upstream/credentials';

const CREDENTIAL_HEADERS = ['authorization', 'x-user-auth-authorization', 'cookie'] as const;

export function callerKey(
  headers: IncomingHttpHeaders,
  caller: Caller,
  customAuthHeaders: readonly string[],
  clientAddress: string | undefined,
): string {
  // caller.userId is undefined when X-User-Id was absent or failed the length/charset check.
  if (caller.userId !== undefined) return `user:${caller.userId}`;
  let hash: ReturnType<typeof createHash> | undefined;
  for (const name of [...CREDENTIAL_HEADERS, ...customAuthHeaders]) {
    const value = headers[name];
    if (value === undefined) continue;
    hash ??= createHash('sha256');
    hash.update(`${name}\n${Array.isArray(value) ? value.join('\n') : value}\n`);
  }
  if (hash) return `credential:${hash.digest('base64url').slice(0, 22)}`;
  return `address:${clientAddress ?? 'unknown'}`;
}
