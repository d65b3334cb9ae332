// The caller's own credentials out of every tool result, whatever the API answered: an API may echo what
// it was sent (a "who am I" that returns the Authorization it read, a debug answer listing the cookies) in
// a 2xx body as well as in a refusal, and what a tool returns reaches the model. Exact values only: a token
// of the API's own in its data (an upload URL's signature) is the answer, not the caller's credential.
import type { IncomingHttpHeaders } from 'node:http';
import { isCredentialHeader, withoutValues } from '../upstream/redact';
import type { ToolResult } from './tool-types';

/** The client's own credential headers, also where the server made others for the API (/mcp in oauth mode). */
const CLIENT_CREDENTIALS = ['authorization', 'x-user-auth-authorization', 'cookie'] as const;
/** Shorter parts are no credential (a cookie `lang=en`), and would blank ordinary words. */
const SHORTEST = 4;

/** The secret parts of one credential header: a scheme's token (and a Basic pair's password), each cookie's value, else the value. */
function addParts(name: string, value: string, into: string[]): void {
  const text = value.trim();
  if (name === 'cookie') {
    for (const pair of text.split(';')) {
      const equals = pair.indexOf('=');
      const part = (equals > 0 ? pair.slice(equals + 1) : pair).trim();
      if (part.length >= SHORTEST) into.push(part);
    }
    return;
  }
  const space = text.indexOf(' ');
  const token = space > 0 && text.indexOf(' ', space + 1) < 0 ? text.slice(space + 1) : text;
  if (token.length >= SHORTEST) into.push(token);
  if (space > 0 && /^basic$/i.test(text.slice(0, space))) {
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    const password = decoded.slice(decoded.indexOf(':') + 1);
    if (password.length >= SHORTEST) into.push(decoded, password);
  }
}

/**
 * The credential values a call carried, in the parts an API may echo: what the API was sent (`placed`: the
 * keys a tool's security schemes put in the query, a header or a cookie, a deployment's fixed key among
 * them), and the client's own (on /mcp in oauth mode the API gets other credentials). Cheap: every call.
 */
export function callCredentialValues(forwarded: Readonly<Record<string, string>>, client: IncomingHttpHeaders, placed: readonly string[] = []): string[] {
  const parts: string[] = placed.filter((value) => value.length >= SHORTEST);
  for (const name in forwarded) if (isCredentialHeader(name) && forwarded[name]) addParts(name, forwarded[name]!, parts);
  for (const name of CLIENT_CREDENTIALS) {
    const value = client[name];
    if (typeof value === 'string' && value !== '' && forwarded[name === 'x-user-auth-authorization' ? 'authorization' : name] !== value) addParts(name, value, parts);
  }
  return parts;
}

/**
 * Each value as it may stand in a result: as sent, and as a JSON string writes it (quotes and backslashes
 * escaped; `/` as `\/`, as PHP's json_encode does), longest first so a whole value goes before its parts.
 */
const ESCAPED_IN_JSON = /["\\/\u0000-\u001f]/;

function asWritten(values: readonly string[]): string[] {
  const all = new Set(values);
  for (const value of values) {
    if (!ESCAPED_IN_JSON.test(value)) continue;
    const escaped = JSON.stringify(value).slice(1, -1);
    all.add(escaped);
    all.add(escaped.replaceAll('/', '\\/'));
  }
  return [...all].sort((a, b) => b.length - a.length);
}

const found = (text: string, values: readonly string[]) => values.some((value) => text.includes(value));

/** Whether any string in `value` (keys too) holds one of `values`: a walk that allocates nothing. */
function holds(value: unknown, values: readonly string[]): boolean {
  if (typeof value === 'string') return found(value, values);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => holds(item, values));
  for (const key in value) if (found(key, values) || holds((value as Record<string, unknown>)[key], values)) return true;
  return false;
}

/** `value` with every string in it (keys too) scrubbed. */
function scrubbed(value: unknown, values: readonly string[]): unknown {
  if (typeof value === 'string') return withoutValues(value, values);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, values));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [withoutValues(key, values), scrubbed(item, values)]));
}

/**
 * `result` without any of `values` (see callCredentialValues) in its text, embedded resources or
 * structuredContent, each replaced with a marker; the same result when none is there, as nearly always.
 */
export function scrubResult(result: ToolResult, values: readonly string[]): ToolResult {
  if (values.length === 0) return result;
  // Nearly always nothing is there: the check allocates nothing unless a value would be written escaped.
  if (!holds(result, values.some((value) => ESCAPED_IN_JSON.test(value)) ? asWritten(values) : values)) return result;
  return scrubbed(result, asWritten(values)) as ToolResult;
}
