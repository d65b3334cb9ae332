// The only reader of process.env: every setting is declared, defaulted and validated here, once, at startup.
// Forkers add their own settings to `settingsSchema` and document each in .env.example.
import { z } from 'zod';
import { scopedKeySchema } from './hub/keys';
import { DEFAULT_API_NAME } from './tools/api-name';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

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

const settingsSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  UPSTREAM_TIMEOUT_MS: int(100, 10_000),
  UPSTREAM_MAX_RESPONSE_BYTES: int(1024, 5_242_880),
  UPSTREAM_CONNECTIONS: int(1, 128),
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
});

export interface Config {
  readonly env: string;
  readonly port: number;
  readonly host: string;
  /** Undefined only outside production: the entry point then starts the bundled example API. */
  readonly customerApiUrl: string | undefined;
  /** How error sentences name the customer's API ("The billing system did not answer in time…"). */
  readonly customerApiName: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  readonly publicBasePath: string;
  readonly sseKeepAliveMs: number;
  readonly maxBodyBytes: number;
  /** Open SSE streams at most; GET /sse beyond it answers 503. */
  readonly maxSessions: number;
  readonly upstream: {
    readonly timeoutMs: number;
    readonly maxResponseBytes: number;
    readonly connections: number;
  };
  /** Lower-case names of the credential headers forwarded besides Authorization and Cookie. */
  readonly customAuthHeaders: readonly string[];
  readonly healthSimulation: boolean;
  readonly healthTimeoutMs: number;
  readonly shutdownGraceMs: number;
  readonly hub: {
    readonly url: string | undefined;
    readonly filesReadKey: string | undefined;
    readonly filesWriteKey: string | undefined;
    readonly knowledgeKey: string | undefined;
    readonly embedKey: string | undefined;
  };
}

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
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const s = parsed.data;
  return Object.freeze({
    env: s.NODE_ENV,
    port: s.PORT,
    host: s.HOST,
    customerApiUrl: s.CUSTOMER_API_URL,
    customerApiName: s.CUSTOMER_API_NAME,
    logLevel: s.LOG_LEVEL,
    publicBasePath: s.PUBLIC_BASE_PATH,
    sseKeepAliveMs: s.SSE_KEEPALIVE_MS,
    maxBodyBytes: s.MAX_BODY_BYTES,
    maxSessions: s.MAX_SESSIONS,
    upstream: Object.freeze({
      timeoutMs: s.UPSTREAM_TIMEOUT_MS,
      maxResponseBytes: s.UPSTREAM_MAX_RESPONSE_BYTES,
      connections: s.UPSTREAM_CONNECTIONS,
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
  });
}
