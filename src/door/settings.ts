// Settings of the door: who may call (hub secret, caller networks, or nobody checked), which
// Host and Origin names are accepted, and whose X-Forwarded-For is believed. Composed by src/config.ts;
// the secrets are never repeated in a problem.
import { z } from 'zod';
import { type Common, type SettingsOf, headerName, list, oneOf } from '../config-fields';
import { DEFAULT_CUSTOM_AUTH_HEADERS, NEVER_FORWARDED } from '../upstream/settings';
import { isOriginList } from './hosts';
import { isNetworkList } from './networks';

export interface DoorSettings {
  /** Lower-case host names accepted in Host (any port), or '*'. */
  readonly allowedHosts: readonly string[] | '*';
  /** Origins accepted in Origin (`scheme://host`, any port, or `scheme://host:port`), or '*'. An absent Origin passes. */
  readonly allowedOrigins: readonly string[] | '*';
  /** 'off': no caller authentication at all (production logs a warning at every start). */
  readonly callerAuth: 'on' | 'off';
  readonly secretHeader: string;
  /** Accepted shared secrets; several at once while rotating. Empty: no secret required. */
  readonly secrets: readonly string[];
  /** Caller networks (CIDRs). Empty: any address. */
  readonly callerNetworks: readonly string[];
  /** Proxies whose X-Forwarded-For is believed. */
  readonly trustedProxies: readonly string[];
}

/** Hosts that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Names the hub's secret header may not take: a credential forwarded upstream or a header the hub sets itself. */
const NOT_A_SECRET_HEADER = new Set([...NEVER_FORWARDED, ...DEFAULT_CUSTOM_AUTH_HEADERS]);

/** `*` (anything) or a list; a `*` mixed with names is refused, since it would make the names meaningless. */
const listOrAny = list.refine((items) => !items.includes('*') || items.length === 1, { error: 'use * alone, or a list without *' });

/** CIDRs or single addresses, IPv4 and IPv6. */
const networks = list.refine(isNetworkList, { error: 'must be IPv4/IPv6 addresses or CIDRs, comma-separated (e.g. 10.0.0.0/8, fd00::/8)' });

export const settings = {
  CALLER_AUTH: oneOf(['on', 'off']).default('on'),
  HUB_SECRET_HEADER: headerName
    .default('x-hub-secret')
    .refine((name) => !NOT_A_SECRET_HEADER.has(name) && !name.startsWith('x-user-'), {
      error: 'may not be a header forwarded to your API or set by the hub for the user (credentials, X-User-*, X-Session-Id, X-Tenant-Id, X-Request-Id)',
    }),
  HUB_SECRETS: list
    .refine((secrets) => secrets.every((secret) => secret.length >= 16), {
      error: 'each secret must be at least 16 characters (use 32 random bytes, e.g. `openssl rand -hex 32`)',
    })
    .optional(),
  CALLER_NETWORKS: networks.optional(),
  TRUSTED_PROXIES: networks.optional(),
  ALLOWED_HOSTS: listOrAny.optional(),
  ALLOWED_ORIGINS: listOrAny
    .refine(isOriginList, { error: 'must be origins like https://app.example.com (optionally with a port), null, or *' })
    .optional(),
} satisfies z.ZodRawShape;

type Settings = SettingsOf<typeof settings>;

/** The checks that keep a production server from serving whoever reaches it. */
export function problems(s: Partial<Settings>, common: Common): string[] {
  const out: string[] = [];
  // A secret or network that was given but is invalid is reported on its own line: it still counts as "set".
  const tried = (name: 'HUB_SECRETS' | 'CALLER_NETWORKS') => (s[name]?.length ?? 0) > 0 || common.invalid.has(name);
  const configured = tried('HUB_SECRETS') || tried('CALLER_NETWORKS');
  if (s.CALLER_AUTH === 'off' && configured) {
    out.push('CALLER_AUTH: is off, but HUB_SECRETS or CALLER_NETWORKS is set: remove one or the other');
  }
  if (common.production && s.CALLER_AUTH === 'on' && !configured) {
    out.push(
      'HUB_SECRETS / CALLER_NETWORKS: one is required when NODE_ENV=production, so that only the hub can use ' +
        "this server's hub keys (they act for any session id they are given); CALLER_AUTH=off accepts any caller",
    );
  }
  // A loopback HOST is reachable only from this machine (a sidecar proxy): the localhost names suffice there.
  if (common.production && s.ALLOWED_HOSTS === undefined && !common.invalid.has('ALLOWED_HOSTS') && !isLoopbackHost(common.host)) {
    out.push(
      `ALLOWED_HOSTS: is required when NODE_ENV=production and HOST is not loopback (HOST is ${common.host}): ` +
        'the host names clients use (e.g. tools.example.com), or * to accept any',
    );
  }
  return out;
}

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const LOCAL_ORIGINS = LOCAL_NAMES.flatMap((name) => [`http://${name}`, `https://${name}`]);

function frozenList(items: readonly string[]): readonly string[] | '*' {
  return items.length === 1 && items[0] === '*' ? '*' : Object.freeze([...items]);
}

export function build(s: Settings, common: Common): { door: DoorSettings } {
  // Production refused to start without ALLOWED_HOSTS unless HOST is loopback.
  const localOnly = !common.production || isLoopbackHost(common.host);
  return {
    door: Object.freeze({
      allowedHosts: frozenList(s.ALLOWED_HOSTS?.map((name) => name.toLowerCase()) ?? (localOnly ? LOCAL_NAMES : [])),
      allowedOrigins: frozenList(s.ALLOWED_ORIGINS?.map((origin) => origin.toLowerCase()) ?? (common.production ? [] : LOCAL_ORIGINS)),
      callerAuth: s.CALLER_AUTH,
      secretHeader: s.HUB_SECRET_HEADER,
      secrets: Object.freeze([...(s.HUB_SECRETS ?? [])]),
      callerNetworks: Object.freeze([...(s.CALLER_NETWORKS ?? [])]),
      trustedProxies: Object.freeze([...(s.TRUSTED_PROXIES ?? [])]),
    }),
  };
}
