// Settings of the customer's API: where it is, how failures name it, its deadlines and limits, and which
// credential headers are forwarded to it. Composed by src/config.ts.
import { z } from 'zod';
import { type Common, type SettingsOf, headerList, httpUrl, int, oneOf } from '../config-fields';
import { BASE_URL_PLACEHOLDERS } from './paths';
import { errorRule } from './error-rule';
import { credentialProblems, DEFAULT_USER_AGENT, fixedHeaders, userAgent } from './fixed-headers';
import { upstreamCredentials } from './credential-settings';

/**
 * Default for CUSTOMER_API_NAME: words an end user understands (not "API"), true for any deployment,
 * and distinct from the assistant itself, so the model can tell the user which side failed.
 */
export const DEFAULT_API_NAME = "the company's system";

/** Custom credential headers forwarded by default (contract: "custom authentication headers"). */
export const DEFAULT_CUSTOM_AUTH_HEADERS = ['x-api-key', 'x-client-id'] as const;

/** Names FORWARD_HEADERS may not add: this hop's or the hub's own headers, and those forwarded anyway. */
export const NEVER_FORWARDED: ReadonlySet<string> = new Set([
  'host', 'content-length', 'content-type', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade',
  'te', 'trailer', 'proxy-authorization', 'proxy-authenticate', 'x-session-id', 'x-user-id',
  // Forwarded anyway, by their own rules (Authorization falls back to X-User-Auth-Authorization).
  'authorization', 'cookie', 'x-tenant-id', 'x-request-id',
]);

const FILLED: ReadonlySet<string> = new Set(BASE_URL_PLACEHOLDERS);
const supported = BASE_URL_PLACEHOLDERS.map((name) => `{${name}}`).join(', ');

/** An http(s) URL whose `{placeholders}` are all ones the server fills (./paths, compileBaseUrl). */
const baseUrl = z
  .string()
  .superRefine((value, ctx) => {
    const unknown = [...value.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!).filter((name) => !FILLED.has(name));
    if (unknown.length === 0) return;
    const named = [...new Set(unknown)].map((name) => `{${name}}`).join(', ');
    ctx.addIssue({ code: 'custom', message: `contains ${named}, which no request fills; the supported placeholder is ${supported} (filled from X-Tenant-Id)` });
  })
  .pipe(httpUrl);

export const settings = {
  CUSTOMER_API_URL: baseUrl.optional(),
  CUSTOMER_API_NAME: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(60, { error: 'must be at most 60 characters' })
    .regex(/^[^\u0000-\u001f]+$/, { error: 'must be one line of text' })
    .default(DEFAULT_API_NAME),
  UPSTREAM_TIMEOUT_MS: int(100, 10_000),
  UPSTREAM_MAX_RESPONSE_BYTES: int(1024, 5_242_880),
  // An upload (a multipart body) is refused above it before it is sent; 10 MiB is what the hub gives a file fetch.
  UPSTREAM_MAX_UPLOAD_BYTES: int(1024, 10_485_760),
  // 0: no limit. A limit caps concurrent calls to the API at that many, whatever the demand.
  UPSTREAM_CONNECTIONS: int(0, 0),
  FORWARD_HEADERS: headerList
    .default([])
    .refine((names) => !names.some((name) => NEVER_FORWARDED.has(name) || name.startsWith('x-user-auth-')), {
      error: `may not name ${[...NEVER_FORWARDED].join(', ')} or X-User-Auth-* (hop, hub or already forwarded headers)`,
    }),
  // Who the server says it is, and fixed headers for every request (never credentials).
  UPSTREAM_USER_AGENT: userAgent.default(DEFAULT_USER_AGENT),
  UPSTREAM_HEADERS: fixedHeaders.optional(),
  // Keys a tool's security schemes take from the deployment rather than the caller (./placement).
  UPSTREAM_CREDENTIALS: upstreamCredentials.optional(),
  // The API's reason for a 4xx in the result and the debug log; off for APIs whose 4xx bodies must not reach a model.
  UPSTREAM_ERROR_REASON: oneOf(['on', 'off']).default('on'),
  UPSTREAM_ERROR_WHEN: errorRule.optional(),
};

type Settings = SettingsOf<typeof settings>;

export function problems(s: Partial<Settings>, common: Common): string[] {
  const out = credentialProblems(s.UPSTREAM_HEADERS, [...DEFAULT_CUSTOM_AUTH_HEADERS, ...(s.FORWARD_HEADERS ?? [])]);
  if (common.production && s.CUSTOMER_API_URL === undefined && !common.invalid.has('CUSTOMER_API_URL')) {
    out.push('CUSTOMER_API_URL: is required when NODE_ENV=production (the example API only starts in development)');
  }
  return out;
}

export function build(s: Settings) {
  return {
    customerApiUrl: s.CUSTOMER_API_URL,
    customerApiName: s.CUSTOMER_API_NAME,
    upstream: Object.freeze({
      timeoutMs: s.UPSTREAM_TIMEOUT_MS,
      maxResponseBytes: s.UPSTREAM_MAX_RESPONSE_BYTES,
      maxUploadBytes: s.UPSTREAM_MAX_UPLOAD_BYTES,
      connections: s.UPSTREAM_CONNECTIONS === 0 ? null : s.UPSTREAM_CONNECTIONS,
      userAgent: s.UPSTREAM_USER_AGENT,
      fixedHeaders: s.UPSTREAM_HEADERS,
      credentials: s.UPSTREAM_CREDENTIALS,
      errorReason: s.UPSTREAM_ERROR_REASON === 'on',
      errorWhen: s.UPSTREAM_ERROR_WHEN,
    }),
    customAuthHeaders: Object.freeze([...new Set([...DEFAULT_CUSTOM_AUTH_HEADERS, ...s.FORWARD_HEADERS])]),
  };
}
