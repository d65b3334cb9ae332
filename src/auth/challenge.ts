// How /mcp says no in oauth mode: 401 with a Bearer challenge pointing at the metadata (RFC 9728 §5.1),
// 403 insufficient_scope naming every scope the call needs (RFC 6750 §3.1, MCP step-up), or 503 while the
// authorization server cannot be asked. JSON bodies; the token is never echoed (issue 17).
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http/send-json';

/** A quoted-string value of a challenge parameter: the values here are URLs and scope tokens, never quotes. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, '')}"`;

export function unauthorized(res: ServerResponse, metadataUrl: string, tokenSent: boolean): void {
  const challenge = tokenSent
    ? `Bearer error="invalid_token", error_description="The access token is invalid or expired", resource_metadata=${quoted(metadataUrl)}`
    : `Bearer resource_metadata=${quoted(metadataUrl)}`;
  const body = tokenSent
    ? { error: 'invalid_token', message: 'The access token is invalid, expired, or not issued for this server: sign in again.' }
    : { error: 'unauthorized', message: 'This endpoint needs an OAuth access token (Authorization: Bearer). See the resource metadata for where to get one.' };
  sendJson(res, 401, body, { 'WWW-Authenticate': challenge, 'Cache-Control': 'no-store' });
}

export function insufficientScope(res: ServerResponse, metadataUrl: string, needed: readonly string[], tool: string, what: 'tool' | 'resource' = 'tool'): void {
  const scope = needed.join(' ');
  const challenge = `Bearer error="insufficient_scope", scope=${quoted(scope)}, resource_metadata=${quoted(metadataUrl)}, error_description="The ${what} needs more scopes"`;
  const again = what === 'tool' ? 'call' : 'read';
  sendJson(
    res,
    403,
    { error: 'insufficient_scope', message: `The ${what} ${tool.slice(0, 100)} needs the scopes ${scope}: authorize them and ${again} again.`, scope },
    { 'WWW-Authenticate': challenge, 'Cache-Control': 'no-store' },
  );
}

export function authorizationServerUnavailable(res: ServerResponse): void {
  sendJson(
    res,
    503,
    { error: 'temporarily_unavailable', message: 'The authorization server cannot be reached to check the access token; retry shortly.' },
    { 'Retry-After': '5', 'Cache-Control': 'no-store' },
  );
}
