// The only reader of process.env: composes each room's settings, reads the environment once at startup,
// and reports every problem in one ConfigError (whatever the mix of invalid and missing values).
//
// A room's settings live beside its code, in `src/<room>/settings.ts`, as three exports (see
// SettingsModule in ./config-fields):
//   export const settings = { MY_SETTING: int(1, 10), ... };          // zod schemas keyed by variable name
//   export function problems(s, common) { return [...] }               // optional cross-field checks
//   export function build(s, common) { return { myPart: {...} } }     // the room's typed part of Config
// To add a room: import it below, add it to ROOMS and spread its `build` in loadConfig (with the field
// types in ./config-types.ts), and document each variable in .env.example. This file imports only the
// rooms' settings modules, never their logic.
import { z } from 'zod';
import { type Common, type SettingsModule, type Shape, type SettingsOf, hostName, int, invalidValue, oneOf, port } from './config-fields';
import { misspeltSettings } from './config-spelling';
import type { Config, LogLevel } from './config-types';
import type { DoorSettings } from './door/settings';
import * as auth from './auth/settings';
import * as card from './card/settings';
import * as door from './door/settings';
import * as health from './health/settings';
import * as http from './http/settings';
import * as hub from './hub/settings';
import * as limits from './limits/settings';
import * as logging from './logging/settings';
import * as views from './resources/settings';
import * as sse from './mcp/sse/settings';
import * as sessions from './sessions/settings';
import * as telemetry from './telemetry/settings';
import * as toolsets from './tools/settings';
import * as upstream from './upstream/settings';
import { reservedProblems } from './upstream/fixed-headers';
import { hostName as hostNameOf } from './door/hosts';

export type { Config, DoorSettings, LogLevel };
export { DEFAULT_CUSTOM_AUTH_HEADERS } from './upstream/settings';
export { isLoopbackHost } from './door/settings';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly LogLevel[];

/** The process-wide settings every room may read (as `common`). */
const processSettings = {
  NODE_ENV: z.string().default('development'),
  PORT: port().default(3000),
  // Default chosen below: loopback outside production.
  HOST: hostName.optional(),
  LOG_LEVEL: oneOf(LOG_LEVELS).default('info'),
  SHUTDOWN_GRACE_MS: int(0, 10_000),
  // Development only: where the bundled example API listens when CUSTOMER_API_URL is unset (0: any free port).
  EXAMPLE_API_PORT: port().default(0),
};

// Every room, in the order their problems are listed.
const ROOMS = [logging, upstream, http, sse, door, auth, card, limits, health, hub, sessions, telemetry, views, toolsets] as const;

/** Every variable this server reads, in the order .env.example documents them by room. */
export const SETTING_NAMES: readonly string[] = Object.freeze([processSettings, ...ROOMS.map((room) => room.settings)].flatMap((shape) => Object.keys(shape)));

/** Thrown at startup with every problem found, one per line, so a deploy is fixed in one go. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  readonly code = 'CONFIG_INVALID';
  constructor(
    readonly problems: readonly string[],
    /** Variables that look like misspelt settings: often the reason a setting is missing. */
    readonly warnings: readonly string[] = [],
  ) {
    const list = (lines: readonly string[]) => lines.map((line) => `  - ${line}`).join('\n');
    super(`Invalid configuration:\n${list(problems)}${warnings.length === 0 ? '' : `\nWarnings:\n${list(warnings)}`}`);
  }
}

/**
 * Each variable is parsed on its own, so one bad value does not hide the others, and every cross-field
 * check then runs on whatever parsed. One line per variable: its first problem only.
 */
class Parse {
  readonly values: Record<string, unknown> = {};
  readonly invalid = new Set<string>();
  readonly problems: string[] = [];

  constructor(private readonly env: Readonly<Record<string, string>>) {}

  shape(shape: Shape): void {
    for (const [name, schema] of Object.entries(shape)) {
      const raw = this.env[name];
      const parsed = z.safeParse(schema, raw);
      if (parsed.success) this.values[name] = parsed.data;
      else {
        this.invalid.add(name);
        this.problems.push(invalidValue(name, parsed.error.issues[0]?.message ?? 'is not valid', raw ?? ''));
      }
    }
  }

  /** The values of `shape`'s variables: all of them once `problems` is empty, else those that parsed. */
  of<S extends Shape>(_shape: S): SettingsOf<S> {
    return this.values as SettingsOf<S>;
  }
}

/** Reads and validates the settings; `env` is injectable so tests never touch process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const parse = new Parse(present);
  parse.shape(processSettings);
  for (const room of ROOMS) parse.shape(room.settings);

  const p = parse.of(processSettings);
  const production = p.NODE_ENV === 'production';
  // Outside production nothing authenticates callers by default, so the server listens on loopback only
  // (set HOST=0.0.0.0 to reach it from a container's host). Production listens on every interface.
  const host = p.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  const common: Common = { env: p.NODE_ENV, production, port: p.PORT, host, invalid: parse.invalid };

  const problems = [...parse.problems];
  if (p.EXAMPLE_API_PORT !== 0 && p.EXAMPLE_API_PORT === p.PORT) problems.push('EXAMPLE_API_PORT: must differ from PORT (the example API and the tool server each need a port)');
  for (const room of ROOMS as readonly SettingsModule<Shape, unknown>[]) problems.push(...(room.problems?.(parse.of(room.settings), common) ?? []));
  problems.push(...crossRoomProblems(parse.of(upstream.settings), parse.of(door.settings)));
  problems.push(...fixedHeaderProblems(parse.of(upstream.settings).UPSTREAM_HEADERS, parse.of(auth.settings).UPSTREAM_USER_HEADER, parse.of(door.settings).HUB_SECRET_HEADER));
  problems.push(...card.publicUrlProblems(parse.of(card.settings).MCP_PUBLIC_URL, parse.of(auth.settings).OAUTH_RESOURCE));
  problems.push(...auth.userHeaderProblems(parse.of(auth.settings).UPSTREAM_USER_HEADER, { secretHeader: parse.of(door.settings).HUB_SECRET_HEADER, forwarded: parse.of(upstream.settings).FORWARD_HEADERS }));
  const warnings = misspeltSettings(Object.keys(env), SETTING_NAMES);
  // Free-form (platforms set their own values), but only three mean something here: say what another does.
  if (!['development', 'test', 'production'].includes(p.NODE_ENV)) {
    warnings.push(`NODE_ENV=${JSON.stringify(p.NODE_ENV).slice(1, -1).slice(0, 40)} is not development, test or production: this server runs as in development (production's checks are off). Set NODE_ENV=production in production.`);
  }
  if (problems.length > 0) throw new ConfigError(problems, warnings);
  const doorPart = door.build(parse.of(door.settings), common);
  const viewsPart = views.build(parse.of(views.settings));
  warnings.push(...viewAssetsHostWarnings(viewsPart.viewAssetsUrl, doorPart.door.allowedHosts));

  return Object.freeze({
    env: p.NODE_ENV,
    port: p.PORT,
    host,
    logLevel: p.LOG_LEVEL,
    ...logging.build(parse.of(logging.settings)),
    warnings,
    shutdownGraceMs: p.SHUTDOWN_GRACE_MS,
    exampleApiPort: p.EXAMPLE_API_PORT,
    ...upstream.build(parse.of(upstream.settings)),
    ...http.build(parse.of(http.settings)),
    ...sse.build(parse.of(sse.settings)),
    ...doorPart,
    ...auth.build(parse.of(auth.settings), common),
    // OAUTH_RESOURCE is /mcp's public URL too: the card names it when MCP_PUBLIC_URL is unset.
    ...card.build(parse.of(card.settings), common, parse.of(auth.settings).MCP_AUTH === 'oauth' ? parse.of(auth.settings).OAUTH_RESOURCE : undefined),
    ...limits.build(parse.of(limits.settings)),
    ...health.build(parse.of(health.settings)),
    ...hub.build(parse.of(hub.settings)),
    ...sessions.build(parse.of(sessions.settings)),
    ...telemetry.build(parse.of(telemetry.settings)),
    ...viewsPart,
    ...toolsets.build(parse.of(toolsets.settings)),
  });
}

/**
 * UPSTREAM_HEADERS may not fix the header that carries the verified user's subject (an API that trusts it
 * would take every call for that user) nor the hub's secret header.
 */
function fixedHeaderProblems(headers: Readonly<Record<string, string>> | undefined, userHeader: string | undefined, secretHeader: string | undefined): string[] {
  const reserved = new Map<string, string>();
  if (userHeader !== undefined) reserved.set(userHeader, "the verified user's subject header (UPSTREAM_USER_HEADER)");
  if (secretHeader !== undefined) reserved.set(secretHeader, "the hub's secret header (HUB_SECRET_HEADER)");
  return reservedProblems(headers, reserved);
}

/**
 * Browsers fetch the views' runtime from VIEW_ASSETS_URL with its host in Host, and the door refuses a
 * Host not in ALLOWED_HOSTS: every view would then load without its runtime. A warning, not a refusal: a
 * proxy may rewrite Host to a name that is listed.
 */
function viewAssetsHostWarnings(viewAssetsUrl: string | undefined, allowedHosts: readonly string[] | '*'): string[] {
  if (viewAssetsUrl === undefined || allowedHosts === '*') return [];
  const host = hostNameOf(new URL(viewAssetsUrl).host);
  if (allowedHosts.some((name) => hostNameOf(name) === host)) return [];
  return [
    `VIEW_ASSETS_URL: its host ${host} is not in ALLOWED_HOSTS (${allowedHosts.join(', ') || 'none'}), so browsers' requests for ` +
      `the views' runtime would be refused and views would not load: add ${host} to ALLOWED_HOSTS (unless a proxy in front rewrites Host to a listed name)`,
  ];
}

/** Checks that span two rooms: the hub's secret must never be forwarded to the customer's API. */
function crossRoomProblems(u: Partial<SettingsOf<typeof upstream.settings>>, d: Partial<SettingsOf<typeof door.settings>>): string[] {
  const secretHeader = d.HUB_SECRET_HEADER;
  if (secretHeader !== undefined && (u.FORWARD_HEADERS ?? []).includes(secretHeader)) {
    return [`FORWARD_HEADERS: may not name the hub's secret header (${secretHeader}): it would reach the customer's API`];
  }
  return [];
}
