// Whose a server-to-client request is: a fingerprint of the credentials (or verified subject) of the POST
// that carried the call. The answer's POST must carry the same, so nobody else can answer it. Never logged.
import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Principal } from '../../auth/principal';

const PARTS = ['authorization', 'x-user-auth-authorization', 'cookie', 'x-api-key', 'x-client-id', 'x-user-id'] as const;

export function ownerOf(headers: IncomingHttpHeaders, principal: Principal | undefined): string {
  if (principal !== undefined) return `subject:${principal.subjectTag}`;
  let material = '';
  for (const name of PARTS) {
    const value = headers[name];
    if (value !== undefined) material += `${name}\n${Array.isArray(value) ? value.join('\n') : value}\n`;
  }
  return material === '' ? 'anonymous' : hash('sha256', material, 'base64url');
}
