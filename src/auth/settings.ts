// The settings of /mcp as an OAuth protected resource (issue 17), composed by src/config.ts: the schema
// keyed by variable name, the checks across fields, and the typed `auth` part of Config.
import { z } from 'zod';

export type UpstreamAuthMode = 'token-exchange' | 'client-credentials';

/** config.auth: present only when MCP_AUTH=oauth. */
export interface AuthSettings {
  /** The authorization server's issuer identifier, exactly as its metadata states it. */
  readonly issuer: string;
  /** The canonical URI of /mcp: the audience every token must carry (RFC 8707). */
  readonly resource: string;
  /** This server's own confidential client at the authorization server. */
  readonly client: { readonly id: string; readonly secret: string };
  /** How the customer's API gets a token of its own (src/upstream); the client's token is never forwarded. */
  readonly upstream: {
    readonly mode: UpstreamAuthMode;
    readonly audience: string;
    /** Lower-case header carrying the verified subject in client-credentials mode. */
    readonly userHeader: string;
  };
  /** http:// issuer allowed (outside production only). */
  readonly allowInsecureRequests: boolean;
}

const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

/** Headers the subject header may not take: hop-by-hop, forwarded anyway, or set by the hub. */
const RESERVED_HEADERS = new Set([
  'host', 'content-length', 'content-type', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te',
  'trailer', 'proxy-authorization', 'proxy-authenticate', 'authorization', 'cookie', 'x-tenant-id',
  'x-request-id', 'x-session-id', 'x-user-id', 'x-api-key', 'x-client-id', 'traceparent', 'tracestate',
]);

const url = z.string().url('must be an absolute URL').refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://');

/** The environment variables, for src/config.ts's schema. Secrets are never echoed: no message quotes a value. */
export const authSettingsShape = {
  MCP_AUTH: z.enum(['headers', 'oauth']).default('headers'),
  OAUTH_ISSUER: url.refine((value) => !value.includes('#') && !value.includes('?'), 'must have no query or fragment').optional(),
  OAUTH_RESOURCE: url.refine((value) => !value.includes('#'), 'must have no fragment (RFC 8707)').optional(),
  OAUTH_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  UPSTREAM_AUTH: z.enum(['token-exchange', 'client-credentials']).optional(),
  UPSTREAM_AUDIENCE: z.string().min(1).optional(),
  UPSTREAM_USER_HEADER: z
    .string()
    .default('x-user-subject')
    .transform((name) => name.trim().toLowerCase())
    .pipe(z.string().regex(HEADER_NAME, 'not a valid header name'))
    .refine(
      (name) => !RESERVED_HEADERS.has(name) && !name.startsWith('x-user-auth-'),
      'may not be a header this server forwards or the hub sets (credentials, X-User-Id, X-Session-Id, X-Tenant-Id, X-Request-Id, trace context)',
    ),
};

export type AuthEnv = z.infer<z.ZodObject<typeof authSettingsShape>>;

/** What the checks across fields also read from the other rooms' settings. */
interface Neighbours {
  HUB_SECRET_HEADER?: string;
  FORWARD_HEADERS?: readonly string[];
}

const OAUTH_ONLY = ['OAUTH_ISSUER', 'OAUTH_RESOURCE', 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET', 'UPSTREAM_AUTH', 'UPSTREAM_AUDIENCE'] as const;

/** Every problem across fields, one sentence each (src/config.ts reports them all at once). */
export function authProblems(settings: AuthEnv & Neighbours, { production }: { production: boolean }): string[] {
  const problems: string[] = [];
  if (settings.MCP_AUTH === 'headers') {
    const set = OAUTH_ONLY.filter((key) => settings[key] !== undefined);
    if (set.length > 0) problems.push(`MCP_AUTH: is headers (the default), but ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set: set MCP_AUTH=oauth or remove them`);
    return problems;
  }
  const missing = OAUTH_ONLY.filter((key) => settings[key] === undefined);
  if (missing.length > 0) problems.push(`MCP_AUTH: oauth needs ${missing.join(', ')}`);
  if (production) {
    for (const key of ['OAUTH_ISSUER', 'OAUTH_RESOURCE'] as const) {
      const value = settings[key];
      if (value !== undefined && !/^https:\/\//i.test(value)) problems.push(`${key}: must be an https:// URL when NODE_ENV=production`);
    }
  }
  const header = settings.UPSTREAM_USER_HEADER;
  if (header === settings.HUB_SECRET_HEADER) problems.push("UPSTREAM_USER_HEADER: may not be the hub's secret header");
  if (settings.FORWARD_HEADERS?.includes(header)) problems.push('UPSTREAM_USER_HEADER: may not be one of FORWARD_HEADERS (a client could set it)');
  return problems;
}

/** The `auth` part of Config: undefined with MCP_AUTH=headers. Call after authProblems found none. */
export function buildAuthSettings(settings: AuthEnv, { production }: { production: boolean }): AuthSettings | undefined {
  if (settings.MCP_AUTH !== 'oauth') return undefined;
  return Object.freeze({
    issuer: settings.OAUTH_ISSUER!,
    resource: settings.OAUTH_RESOURCE!,
    client: Object.freeze({ id: settings.OAUTH_CLIENT_ID!, secret: settings.OAUTH_CLIENT_SECRET! }),
    upstream: Object.freeze({ mode: settings.UPSTREAM_AUTH!, audience: settings.UPSTREAM_AUDIENCE!, userHeader: settings.UPSTREAM_USER_HEADER }),
    allowInsecureRequests: !production,
  });
}
