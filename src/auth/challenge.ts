// How /mcp says no in oauth mode: 401 with a Bearer challenge pointing at the metadata (RFC 9728 §5.1) and
// naming the scopes to ask for first, 403 insufficient_scope naming the scopes the token should carry (what
// it has and what the call needs: RFC 6750 §3.1, MCP step-up), or 503 while the authorization
// server cannot be asked. JSON bodies; the token is never echoed.
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http/send-json';

/** A quoted-string value of a challenge parameter: the values here are URLs and scope tokens, never quotes. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, '')}"`;

/** `scope` (space-separated, may be empty): what a client should ask for first (MCP: scope selection, SEP-835). */
export function unauthorized(res: ServerResponse, metadataUrl: string, tokenSent: boolean, scope: string): void {
  const scopeParameter = scope === '' ? '' : `, scope=${quoted(scope)}`;
  const challenge = tokenSent
    ? `Bearer error="invalid_token", error_description="The access token is invalid or expired"${scopeParameter}, resource_metadata=${quoted(metadataUrl)}`
    : `Bearer resource_metadata=${quoted(metadataUrl)}${scopeParameter}`;
  const body = tokenSent
    ? { error: 'invalid_token', message: 'The access token is invalid, expired, or not issued for this server: sign in again.' }
    : { error: 'unauthorized', message: 'This endpoint needs an OAuth access token (Authorization: Bearer). See the resource metadata for where to get one.' };
  sendJson(res, 401, body, { 'WWW-Authenticate': challenge, 'Cache-Control': 'no-store' });
}

/**
 * `scopes`: the token's own known scopes and those the call needs. A client that replaces its scope list
 * with the challenge's (the SDK v1 client does) keeps what it had, so the next call of an earlier tool
 * does not start another authorization. `what` is a tool (tools/call) or a resource (resources/read).
 */
export function insufficientScope(
  res: ServerResponse,
  metadataUrl: string,
  scopes: readonly string[],
  needed: readonly string[],
  name: string,
  what: 'tool' | 'resource' | 'prompt' = 'tool',
): void {
  const scope = scopes.join(' ');
  const challenge = `Bearer error="insufficient_scope", scope=${quoted(scope)}, resource_metadata=${quoted(metadataUrl)}, error_description="The ${what} needs more scopes"`;
  const again = { tool: 'call', resource: 'read', prompt: 'get it' }[what];
  sendJson(
    res,
    403,
    { error: 'insufficient_scope', message: `The ${what} ${name.slice(0, 100)} needs the scopes ${needed.join(' ')}: authorize them and ${again} again.`, scope },
    { 'WWW-Authenticate': challenge, 'Cache-Control': 'no-store' },
  );
}

/** 429: this caller's unknown tokens used up its introspection budget; retry after `seconds`. */
export function tooManyTokenChecks(res: ServerResponse, seconds: number): void {
  sendJson(
    res,
    429,
    { error: 'too_many_requests', message: 'Too many unknown access tokens from this address: retry later with a valid token.' },
    { 'Retry-After': String(seconds), 'Cache-Control': 'no-store' },
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
