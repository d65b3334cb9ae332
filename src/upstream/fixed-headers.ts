// UPSTREAM_USER_AGENT and UPSTREAM_HEADERS: who this server says it is, and headers every request
// to the API carries (`Stripe-Version`, `X-GitHub-Api-Version`, `Accept`). Never credentials: those are
// forwarded from each call or exchanged (src/upstream/credentials.ts, src/auth), and always win over these.
import { z } from 'zod';
import { name, version } from '../../package.json';

/** `mcp-tool-server-template/1.1.0`: the server's package name and version (a fork's own, once renamed). */
export const DEFAULT_USER_AGENT = `${name}/${version}`;

/** Headers of this hop or the connection, the hub's own, and those the server sets per request. */
const SERVER_OWNED: ReadonlySet<string> = new Set([
  'host', 'content-length', 'content-type', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer',
  'expect', 'x-session-id', 'x-user-id', 'x-request-id', 'traceparent', 'tracestate',
]);

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Visible ASCII, spaces and tabs inside (RFC 9110 field-value, without obs-text): no line break can pass. */
const VALUE = /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$/;

/** Names UPSTREAM_HEADERS may not set, and why (credentials, hop-by-hop, or set by the server itself). */
function refusal(header: string): string | undefined {
  if (header === 'user-agent') return 'set by UPSTREAM_USER_AGENT';
  if (['authorization', 'cookie', 'x-tenant-id', 'proxy-authorization'].includes(header) || header.startsWith('x-user-auth-')) {
    return 'a credential header: credentials are forwarded from each call or exchanged, never fixed';
  }
  if (SERVER_OWNED.has(header) || header.startsWith('proxy-')) {
    return 'set by the server or the connection';
  }
  return undefined;
}

/** One line for a header name, e.g. `may not set "Authorization" (a credential header: …)`. */
const refused = (header: string, why: string) => `may not set ${JSON.stringify(header)} (${why})`;

/** UPSTREAM_HEADERS: a JSON object of header name → value, lower-cased and frozen. Values are never repeated in a problem. */
export const fixedHeaders = z.string().transform((value, ctx): Readonly<Record<string, string>> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object of header name to value, e.g. {"Stripe-Version":"2024-06-20"}' });
    return z.NEVER;
  }
  const out: Record<string, string> = {};
  const problems: string[] = [];
  for (const [header, item] of Object.entries(parsed)) {
    const lower = header.toLowerCase();
    const why = TOKEN.test(header) ? refusal(lower) : 'not a valid header name';
    if (why !== undefined) problems.push(refused(header, why));
    else if (typeof item !== 'string' || !VALUE.test(item)) problems.push(`the value of ${JSON.stringify(header)} must be one line of visible ASCII text`);
    else out[lower] = item;
  }
  // One issue naming every bad header: the configuration reports the first issue of each variable.
  if (problems.length > 0) ctx.addIssue({ code: 'custom', message: problems.join('; ') });
  return Object.freeze(out);
});

/** UPSTREAM_USER_AGENT: one line of visible text. */
export const userAgent = z
  .string()
  .trim()
  .max(200, { error: 'must be at most 200 characters' })
  .regex(VALUE, { error: 'must be one line of visible ASCII text, e.g. acme-assistant/2.1 (+https://acme.example/bot)' });

/** Cross-field: headers another setting names, refused with the reason given for each (lower-case names). */
export function reservedProblems(headers: Readonly<Record<string, string>> | undefined, reserved: ReadonlyMap<string, string>): string[] {
  return Object.keys(headers ?? {}).flatMap((header) => {
    const why = reserved.get(header);
    return why === undefined ? [] : [`UPSTREAM_HEADERS: ${refused(header, why)}`];
  });
}

/** The custom credential headers (X-Api-Key, X-Client-Id, FORWARD_HEADERS) are refused too. */
export function credentialProblems(headers: Readonly<Record<string, string>> | undefined, customAuth: readonly string[]): string[] {
  return reservedProblems(headers, new Map(customAuth.map((name) => [name, 'a credential header forwarded from each call (X-Api-Key, X-Client-Id or FORWARD_HEADERS)'])));
}
