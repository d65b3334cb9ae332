// The only reader of process.env: every setting is declared, defaulted and validated here, once, at startup.
// Forkers add their own settings to `settingsSchema` (and the typed field to ./config-types.ts) and document
// each in .env.example.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { authProblems, authSettingsShape, buildAuthSettings } from './auth/settings';
import type { Config, DoorSettings, LogLevel } from './config-types';
import { isOriginList } from './door/hosts';
import { isNetworkList } from './door/networks';
import { scopedKeySchema } from './hub/keys';
import { DEFAULT_API_NAME } from './tools/api-name';

export type { Config, DoorSettings, LogLevel };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly LogLevel[];

/** Custom credential headers forwarded by default (contract: "custom authentication headers"). */
export const DEFAULT_CUSTOM_AUTH_HEADERS = ['x-api-key', 'x-client-id'] as const;

/** Names FORWARD_HEADERS may not add: this hop's or the hub's own headers, and those forwarded anyway. */
const NEVER_FORWARDED = new Set([
  'host', 'content-length', 'content-type', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade',
  'te', 'trailer', 'proxy-authorization', 'proxy-authenticate', 'x-session-id', 'x-user-id',
  // Forwarded anyway, by their own rules (Authorization falls back to X-User-Auth-Authorization).
  'authorization', 'cookie', 'x-tenant-id', 'x-request-id',
]);

const int = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);

/** A comma-separated list of HTTP header names, trimmed and lower-cased. */
const headerList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name.length > 0),
  )
  .pipe(z.array(z.string().regex(/^[a-z0-9!#$%&'*+.^_`|~-]+$/, 'not a valid header name')));

const scopedKey = scopedKeySchema.optional();

const httpUrl = z
  .string()
  .url('must be an absolute http(s) URL')
  .refine((url) => /^https?:\/\//i.test(url), 'must start with http:// or https://');
/** A comma-separated list, trimmed, empty items dropped. */
const list = z.string().transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== ''));

/** `*` (anything) or a list; a `*` mixed with names is refused, since it would make the names meaningless. */
const listOrAny = list.refine((items) => !items.includes('*') || items.length === 1, 'use * alone, or a list without *');

/** CIDRs or single addresses, IPv4 and IPv6. */
const networks = list.refine(isNetworkList, 'must be IPv4/IPv6 addresses or CIDRs, comma-separated (e.g. 10.0.0.0/8, fd00::/8)');

/** Names the hub's secret header may not take: a credential forwarded upstream or a header the hub sets itself. */
const NOT_A_SECRET_HEADER = new Set([...NEVER_FORWARDED, ...DEFAULT_CUSTOM_AUTH_HEADERS]);

/** Hosts that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

const settingsSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Default chosen in loadConfig: loopback outside production (see there).
  HOST: z.string().min(1).optional(),
  CUSTOMER_API_URL: z
    .string()
    .url('must be an absolute http(s) URL')
    .refine((url) => /^https?:\/\//i.test(url), 'must start with http:// or https://')
    .optional(),
  CUSTOMER_API_NAME: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[^\u0000-\u001f]+$/, 'must be one line of text')
    .default(DEFAULT_API_NAME),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_BASE_PATH: z
    .string()
    .default('')
    .refine((path) => path === '' || (path.startsWith('/') && !path.endsWith('/')), 'must start with / and not end with /'),
  SSE_KEEPALIVE_MS: int(1000, 15_000),
  MAX_BODY_BYTES: int(1024, 1_048_576),
  MAX_SESSIONS: int(1, 10_000),
  MAX_STREAMS_PER_CLIENT: int(1, 2_500),
  SSE_IDLE_TIMEOUT_MS: int(0, 1_800_000),
  SSE_MAX_BUFFERED_BYTES: int(65_536, 8_388_608),
  SSE_MAX_TOTAL_BUFFERED_BYTES: int(1_048_576, 268_435_456),
  WRITE_TIMEOUT_MS: int(1000, 30_000),
  UPSTREAM_TIMEOUT_MS: int(100, 10_000),
  UPSTREAM_MAX_RESPONSE_BYTES: int(1024, 5_242_880),
  // 0: no limit (issue 12). A limit caps concurrent calls to the API at that many, whatever the demand.
  UPSTREAM_CONNECTIONS: int(0, 0),
  FORWARD_HEADERS: headerList
    .default([])
    .refine((names) => !names.some((name) => NEVER_FORWARDED.has(name) || name.startsWith('x-user-auth-')), {
      message: `may not name ${[...NEVER_FORWARDED].join(', ')} or X-User-Auth-* (hop, hub or already forwarded headers)`,
    }),
  HEALTH_SIMULATION: z.enum(['on', 'off']).default('on'),
  HEALTH_TIMEOUT_MS: int(100, 2_000),
  SHUTDOWN_GRACE_MS: int(0, 10_000),
  HUB_URL: z.string().url('must be an absolute http(s) URL').optional(),
  HUB_FILES_READ_KEY: scopedKey,
  HUB_FILES_WRITE_KEY: scopedKey,
  HUB_KNOWLEDGE_KEY: scopedKey,
  HUB_EMBED_KEY: z.string().min(1).optional(),
  // Observability (issue 11). Metrics: off unless METRICS_PORT is set; their own listener, loopback by default.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Traces: on when an OTLP endpoint is set (the standard OpenTelemetry variables). The SDK reads the
  // other OTEL_* variables itself (OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER, OTEL_BSP_*...).
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  OTEL_SERVICE_NAME: z.string().min(1).optional(),
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).optional(),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none']).optional(),
  // Who may call (src/door; issue 7).
  CALLER_AUTH: z.enum(['on', 'off']).default('on'),
  HUB_SECRET_HEADER: z
    .string()
    .default('x-hub-secret')
    .transform((name) => name.trim().toLowerCase())
    .pipe(z.string().regex(/^[a-z0-9!#$%&'*+.^_`|~-]+$/, 'not a valid header name'))
    .refine((name) => !NOT_A_SECRET_HEADER.has(name) && !name.startsWith('x-user-'), 'may not be a header forwarded to your API or set by the hub for the user (credentials, X-User-*, X-Session-Id, X-Tenant-Id, X-Request-Id)'),
  // The values are never echoed in problems: zod's messages below do not include them.
  HUB_SECRETS: list.refine((secrets) => secrets.every((secret) => secret.length >= 16), 'each secret must be at least 16 characters (use 32 random bytes, e.g. `openssl rand -hex 32`)').optional(),
  CALLER_NETWORKS: networks.optional(),
  TRUSTED_PROXIES: networks.optional(),
  ALLOWED_HOSTS: listOrAny.optional(),
  ALLOWED_ORIGINS: listOrAny.refine(isOriginList, 'must be origins like https://app.example.com (optionally with a port), null, or *').optional(),
  // Fair sharing (src/limits).
  USER_MAX_IN_FLIGHT: int(0, 16),
  USER_CALLS_PER_MINUTE: int(0, 300),
  USER_CALL_BURST: int(1, 60),
  REDIS_URL: z
    .string()
    .refine((url) => /^rediss?:\/\/[^/]/i.test(url), 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1-64 letters, digits, ":", "_", "." or "-"').default('mcp:'),
  SESSION_TTL_MS: int(1000, 15_000),
  SESSION_REFRESH_MS: int(100, 5_000),
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)])
    .default(1),
  // /mcp as an OAuth protected resource (src/auth; issue 17).
  ...authSettingsShape,
});


const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const LOCAL_ORIGINS = LOCAL_NAMES.flatMap((name) => [`http://${name}`, `https://${name}`]);

/** Thrown at startup with every problem found, one per line, so a deploy is fixed in one go. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly code = 'CONFIG_INVALID';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads and validates the settings; `env` is injectable so tests never touch process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = settingsSchema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (parsed.success && parsed.data.NODE_ENV === 'production' && !parsed.data.CUSTOMER_API_URL) {
    problems.push('CUSTOMER_API_URL: is required when NODE_ENV=production (the example API only starts in development)');
  }
  if (parsed.success && !parsed.data.HUB_URL) {
    const keys = ['HUB_FILES_READ_KEY', 'HUB_FILES_WRITE_KEY', 'HUB_KNOWLEDGE_KEY', 'HUB_EMBED_KEY'] as const;
    const set = keys.filter((key) => parsed.data[key] !== undefined);
    if (set.length > 0) problems.push(`HUB_URL: is required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`);
  }
  if (parsed.success && parsed.data.METRICS_PORT !== undefined && parsed.data.METRICS_PORT !== 0 && parsed.data.METRICS_PORT === parsed.data.PORT) {
    problems.push('METRICS_PORT: must differ from PORT (metrics are never served with the MCP endpoints)');
  }
  if (parsed.success) problems.push(...doorProblems(parsed.data));
  if (parsed.success) problems.push(...authProblems(parsed.data, { production: parsed.data.NODE_ENV === 'production' }));
  if (parsed.success && parsed.data.SESSION_REFRESH_MS * 2 > parsed.data.SESSION_TTL_MS) {
    // One lost refresh must not drop a live session from the registry.
    problems.push('SESSION_REFRESH_MS: must be at most half of SESSION_TTL_MS');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const s = parsed.data;
  const production = s.NODE_ENV === 'production';
  // Outside production nothing authenticates callers by default, so the server listens on loopback only
  // (set HOST=0.0.0.0 to reach it from a container's host). Production listens on every interface.
  const host = s.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  // loadConfig refused production without ALLOWED_HOSTS unless HOST is loopback.
  const localOnly = !production || isLoopbackHost(host);
  const traces = tracesUrl(s);
  return Object.freeze({
    env: s.NODE_ENV,
    port: s.PORT,
    host,
    customerApiUrl: s.CUSTOMER_API_URL,
    customerApiName: s.CUSTOMER_API_NAME,
    logLevel: s.LOG_LEVEL,
    publicBasePath: s.PUBLIC_BASE_PATH,
    sseKeepAliveMs: s.SSE_KEEPALIVE_MS,
    maxBodyBytes: s.MAX_BODY_BYTES,
    maxSessions: s.MAX_SESSIONS,
    streams: Object.freeze({
      maxStreams: s.MAX_SESSIONS,
      maxStreamsPerClient: Math.min(s.MAX_STREAMS_PER_CLIENT, s.MAX_SESSIONS),
      maxBufferedBytes: s.SSE_MAX_BUFFERED_BYTES,
      maxTotalBufferedBytes: s.SSE_MAX_TOTAL_BUFFERED_BYTES,
      keepAliveMs: s.SSE_KEEPALIVE_MS,
      idleTimeoutMs: s.SSE_IDLE_TIMEOUT_MS,
    }),
    writeTimeoutMs: s.WRITE_TIMEOUT_MS,
    upstream: Object.freeze({
      timeoutMs: s.UPSTREAM_TIMEOUT_MS,
      maxResponseBytes: s.UPSTREAM_MAX_RESPONSE_BYTES,
      connections: s.UPSTREAM_CONNECTIONS === 0 ? null : s.UPSTREAM_CONNECTIONS,
    }),
    customAuthHeaders: Object.freeze([...new Set([...DEFAULT_CUSTOM_AUTH_HEADERS, ...s.FORWARD_HEADERS])]),
    healthSimulation: s.HEALTH_SIMULATION === 'on',
    healthTimeoutMs: s.HEALTH_TIMEOUT_MS,
    shutdownGraceMs: s.SHUTDOWN_GRACE_MS,
    hub: Object.freeze({
      url: s.HUB_URL,
      filesReadKey: s.HUB_FILES_READ_KEY,
      filesWriteKey: s.HUB_FILES_WRITE_KEY,
      knowledgeKey: s.HUB_KNOWLEDGE_KEY,
      embedKey: s.HUB_EMBED_KEY,
    }),
    door: Object.freeze({
      allowedHosts: frozenList(s.ALLOWED_HOSTS?.map((name) => name.toLowerCase()) ?? (localOnly ? LOCAL_NAMES : [])),
      allowedOrigins: frozenList(s.ALLOWED_ORIGINS?.map((origin) => origin.toLowerCase()) ?? (production ? [] : LOCAL_ORIGINS)),
      callerAuth: s.CALLER_AUTH,
      secretHeader: s.HUB_SECRET_HEADER,
      secrets: Object.freeze([...(s.HUB_SECRETS ?? [])]),
      callerNetworks: Object.freeze([...(s.CALLER_NETWORKS ?? [])]),
      trustedProxies: Object.freeze([...(s.TRUSTED_PROXIES ?? [])]),
    }),
    limits: Object.freeze({
      maxInFlight: s.USER_MAX_IN_FLIGHT,
      callsPerMinute: s.USER_CALLS_PER_MINUTE,
      burst: s.USER_CALL_BURST,
    }),
    redis: Object.freeze({
      url: s.REDIS_URL,
      prefix: s.REDIS_PREFIX,
      sessionTtlMs: s.SESSION_TTL_MS,
      sessionRefreshMs: s.SESSION_REFRESH_MS,
    }),
    workers: s.WORKERS === 'auto' ? availableParallelism() : s.WORKERS,
    telemetry: Object.freeze({
      metrics: s.METRICS_PORT === undefined ? undefined : Object.freeze({ port: s.METRICS_PORT, host: s.METRICS_HOST }),
      tracing: traces === undefined ? undefined : Object.freeze({ url: traces, serviceName: s.OTEL_SERVICE_NAME }),
    }),
    auth: buildAuthSettings(s, { production }),
  });
}

function frozenList(items: readonly string[]): readonly string[] | '*' {
  return items.length === 1 && items[0] === '*' ? '*' : Object.freeze([...items]);
}

type Settings = z.infer<typeof settingsSchema>;

/** The checks that keep a production server from serving whoever reaches it (issue 7). */
function doorProblems(s: Settings): string[] {
  const problems: string[] = [];
  const production = s.NODE_ENV === 'production';
  const configured = (s.HUB_SECRETS?.length ?? 0) > 0 || (s.CALLER_NETWORKS?.length ?? 0) > 0;
  if (s.CALLER_AUTH === 'off' && configured) {
    problems.push('CALLER_AUTH: is off, but HUB_SECRETS or CALLER_NETWORKS is set: remove one or the other');
  }
  if (production && s.CALLER_AUTH === 'on' && !configured) {
    problems.push(
      'HUB_SECRETS / CALLER_NETWORKS: one is required when NODE_ENV=production, so that only the hub can use ' +
        "this server's hub keys (they act for any session id they are given); CALLER_AUTH=off accepts any caller",
    );
  }
  if (production && s.ALLOWED_HOSTS === undefined && !isLoopbackHost(s.HOST ?? '0.0.0.0')) {
    problems.push('ALLOWED_HOSTS: is required when NODE_ENV=production: the host names clients use (e.g. tools.example.com), or * to accept any');
  }
  const forwarded = s.FORWARD_HEADERS ?? [];
  if (forwarded.includes(s.HUB_SECRET_HEADER)) {
    problems.push(`FORWARD_HEADERS: may not name the hub's secret header (${s.HUB_SECRET_HEADER}): it would reach the customer's API`);
  }
  return problems;
}

/** Where spans go, by the OTLP exporter's rules: the traces endpoint as given, or the base + /v1/traces. */
function tracesUrl(s: Settings): string | undefined {
  if (s.OTEL_SDK_DISABLED === 'true' || s.OTEL_TRACES_EXPORTER === 'none') return undefined;
  if (s.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined) return s.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (s.OTEL_EXPORTER_OTLP_ENDPOINT === undefined) return undefined;
  return `${s.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
}
