// Settings of /mcp as an OAuth protected resource, composed by src/config.ts: the variables,
// the checks across them, and the typed `auth` part of Config (absent with MCP_AUTH=headers). The client
// secret is never repeated in a problem (config-fields: isSecretSetting).
import { z } from 'zod';
import { type Common, type SettingsOf, headerName, httpUrl, oneOf, text } from '../config-fields';
import { resourceAliases } from './resource-aliases';

export type UpstreamAuthMode = 'token-exchange' | 'client-credentials' | 'on-behalf-of';

/** config.auth: present only when MCP_AUTH=oauth. */
export interface AuthSettings {
  /** The authorization server's issuer identifier, exactly as its metadata states it. */
  readonly issuer: string;
  /** The canonical URI of /mcp: the audience every token must carry (RFC 8707). */
  readonly resource: string;
  /**
   * Other URLs of the same /mcp (OAUTH_RESOURCE_ALIASES; by default a loopback resource's other loopback
   * names): the metadata names the one a client used, and a token for any of them is accepted.
   */
  readonly resourceAliases: readonly string[];
  /** This server's own confidential client at the authorization server. */
  readonly client: { readonly id: string; readonly secret: string };
  /** How the customer's API gets a token of its own (src/auth/upstream-*); the client's token is never forwarded. */
  readonly upstream: {
    readonly mode: UpstreamAuthMode;
    readonly audience: string;
    /** Lower-case header carrying the verified subject in client-credentials mode. */
    readonly userHeader: string;
  };
  /** http:// issuer allowed (outside production only). */
  readonly allowInsecureRequests: boolean;
  /**
   * OAUTH_CHALLENGE_SCOPE: the scopes a 401 names (`scope=`), those a client should ask for first; undefined:
   * every scope the tools declare (scopes_supported), so a client that follows it is never stepped up.
   */
  readonly challengeScope: readonly string[] | undefined;
  /** UPSTREAM_SCOPE: the `scope` of the exchange and client-credentials requests (Okta requires one). */
  readonly upstreamScope: string | undefined;
}

/** Space-separated scope tokens (RFC 6749 §3.3: visible ASCII except `"` and `\\`). */
const scopeList = z.string().trim().regex(/^[\x21\x23-\x5b\x5d-\x7e]+( +[\x21\x23-\x5b\x5d-\x7e]+)*$/, {
  error: 'must be scope names separated by spaces (no quotes or backslashes)',
});

const isResourceUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.hash === '' && !value.includes('#');
  } catch {
    return false;
  }
};
/** `none`, or http(s) URLs separated by commas. */
const resourceList = z
  .string()
  .trim()
  .refine((value) => value === 'none' || value.split(',').every((item) => isResourceUrl(item.trim())), {
    error: 'must be none, or http(s) URLs of /mcp separated by commas (no fragments)',
  })
  .transform((value): string[] | 'none' => (value === 'none' ? 'none' : value.split(',').map((item) => item.trim())));

/** Headers the subject header may not take: hop-by-hop, forwarded anyway, or set by the hub. */
const RESERVED_HEADERS = new Set([
  'host', 'content-length', 'content-type', 'connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te',
  'trailer', 'proxy-authorization', 'proxy-authenticate', 'authorization', 'cookie', 'x-tenant-id',
  'x-request-id', 'x-session-id', 'x-user-id', 'x-api-key', 'x-client-id', 'traceparent', 'tracestate',
]);

export const settings = {
  MCP_AUTH: oneOf(['headers', 'oauth']).default('headers'),
  OAUTH_ISSUER: httpUrl.refine((value) => !/[?#]/.test(value), { error: 'must have no query or fragment' }).optional(),
  OAUTH_RESOURCE: httpUrl.refine((value) => !value.includes('#'), { error: 'must have no fragment (RFC 8707)' }).optional(),
  OAUTH_RESOURCE_ALIASES: resourceList.optional(),
  OAUTH_CLIENT_ID: text.optional(),
  OAUTH_CLIENT_SECRET: text.optional(),
  UPSTREAM_AUTH: oneOf(['token-exchange', 'client-credentials', 'on-behalf-of']).optional(),
  UPSTREAM_AUDIENCE: text.optional(),
  OAUTH_CHALLENGE_SCOPE: scopeList.optional(),
  UPSTREAM_SCOPE: scopeList.optional(),
  UPSTREAM_USER_HEADER: headerName.default('x-user-subject').refine((name) => !RESERVED_HEADERS.has(name) && !name.startsWith('x-user-auth-'), {
    error: 'may not be a header this server forwards or the hub sets (credentials, X-User-Id, X-Session-Id, X-Tenant-Id, X-Request-Id, trace context)',
  }),
} satisfies z.ZodRawShape;

type Settings = SettingsOf<typeof settings>;

const OAUTH_ONLY = ['OAUTH_ISSUER', 'OAUTH_RESOURCE', 'OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET', 'UPSTREAM_AUTH', 'UPSTREAM_AUDIENCE'] as const;
/** Optional, but meaningless without MCP_AUTH=oauth. */
const OAUTH_OPTIONAL = ['OAUTH_CHALLENGE_SCOPE', 'UPSTREAM_SCOPE', 'OAUTH_RESOURCE_ALIASES'] as const;

/** Every problem across the fields, one sentence each; a variable already reported as invalid counts as set. */
export function problems(s: Partial<Settings>, common: Common): string[] {
  const given = (key: (typeof OAUTH_ONLY)[number] | (typeof OAUTH_OPTIONAL)[number]) => s[key] !== undefined || common.invalid.has(key);
  if (s.MCP_AUTH !== 'oauth') {
    const set = [...OAUTH_ONLY, ...OAUTH_OPTIONAL].filter(given);
    if (s.MCP_AUTH === 'headers' && set.length > 0) {
      return [`MCP_AUTH: is headers (the default), but ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set: set MCP_AUTH=oauth or remove them`];
    }
    return [];
  }
  const out: string[] = [];
  const missing = OAUTH_ONLY.filter((key) => !given(key));
  if (missing.length > 0) out.push(`MCP_AUTH: oauth needs ${missing.join(', ')}`);
  if (common.production) {
    for (const key of ['OAUTH_ISSUER', 'OAUTH_RESOURCE'] as const) {
      const value = s[key];
      if (value !== undefined && !/^https:\/\//i.test(value)) out.push(`${key}: must be an https:// URL when NODE_ENV=production`);
    }
  }
  return out;
}

/** Checks against the other rooms' headers (called by src/config.ts): the subject header must stay ours. */
export function userHeaderProblems(userHeader: string | undefined, { secretHeader, forwarded }: { secretHeader?: string; forwarded?: readonly string[] }): string[] {
  if (userHeader === undefined) return [];
  if (userHeader === secretHeader) return ["UPSTREAM_USER_HEADER: may not be the hub's secret header"];
  if (forwarded?.includes(userHeader)) return ['UPSTREAM_USER_HEADER: may not be one of FORWARD_HEADERS (a client could set it)'];
  return [];
}

export function build(s: Settings, common: Common): { auth?: AuthSettings } {
  if (s.MCP_AUTH !== 'oauth') return {};
  return {
    auth: Object.freeze({
      issuer: s.OAUTH_ISSUER!,
      resource: s.OAUTH_RESOURCE!,
      resourceAliases: Object.freeze(resourceAliases(s.OAUTH_RESOURCE!, s.OAUTH_RESOURCE_ALIASES)),
      client: Object.freeze({ id: s.OAUTH_CLIENT_ID!, secret: s.OAUTH_CLIENT_SECRET! }),
      upstream: Object.freeze({ mode: s.UPSTREAM_AUTH!, audience: s.UPSTREAM_AUDIENCE!, userHeader: s.UPSTREAM_USER_HEADER }),
      allowInsecureRequests: !common.production,
      challengeScope: s.OAUTH_CHALLENGE_SCOPE === undefined ? undefined : Object.freeze(s.OAUTH_CHALLENGE_SCOPE.split(/ +/)),
      upstreamScope: s.UPSTREAM_SCOPE,
    }),
  };
}
