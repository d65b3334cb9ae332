// The building blocks of every room's settings (src/*/settings.ts): field schemas whose failures read as
// one plain sentence ("must be a whole number of at least 1000"), and the shape of a room's settings
// module. src/config.ts composes the rooms; nothing here reads process.env.
import { isIP } from 'node:net';
import { z } from 'zod';

/** A room's settings: zod schemas keyed by environment variable name. */
export type Shape = z.ZodRawShape;
/** The parsed values of a shape, defaults applied. */
export type SettingsOf<S extends Shape> = z.output<z.ZodObject<S>>;

/** What every room may read besides its own settings (the process-wide ones, parsed first). */
export interface Common {
  /** NODE_ENV. */
  readonly env: string;
  readonly production: boolean;
  /** PORT; undefined when it was invalid (already reported). */
  readonly port: number | undefined;
  /** HOST, or the interface the server listens on when HOST is unset. */
  readonly host: string;
  /** Variables whose own value was invalid: a cross-field check skips what is already reported. */
  readonly invalid: ReadonlySet<string>;
}

/**
 * A room's settings module exports these three (`import * as door from './door/settings'`):
 * - `settings`: the shape, keyed by environment variable name;
 * - `problems` (optional): cross-field checks, given whatever of the room's settings parsed;
 * - `build`: the room's typed, frozen part of Config.
 */
export interface SettingsModule<S extends Shape, Part> {
  readonly settings: S;
  readonly problems?: (settings: Partial<SettingsOf<S>>, common: Common) => string[];
  readonly build: (settings: SettingsOf<S>, common: Common) => Part;
}

/** A whole number in [min, max] with a default, e.g. a time in ms or a size in bytes. */
export function int(min: number, fallback: number, max?: number) {
  const message = max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  const base = z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message });
  return (max === undefined ? base : base.max(max, { error: message })).default(fallback);
}

/** A TCP port; 0 lets the system pick a free one (tests and tools use it). */
export function port() {
  const message = 'must be a port number from 1 to 65535 (or 0 for any free port)';
  return z.coerce.number({ error: message }).int({ error: message }).min(0, { error: message }).max(65535, { error: message });
}

/** One of a few words. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of: ${values.join(', ')}` });
}

/** A non-empty string. */
export const text = z.string().min(1, { error: 'must not be empty' });

/** A host name (RFC 1123 labels) or an IP address: what a server may listen on, without brackets or port. */
export const hostName = z.string().refine(
  (value) => isIP(value) !== 0 || (value.length <= 253 && value.split('.').every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(label))),
  { error: 'must be an IP address (e.g. 0.0.0.0, ::1) or a host name (e.g. localhost)' },
);

/** An absolute http:// or https:// URL. */
export const httpUrl = z.string().refine((value) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}, { error: 'must be an absolute http(s) URL, e.g. https://api.example.com' });

/** A comma-separated list, trimmed, empty items dropped. */
export const list = z.string().transform((value) => value.split(',').map((item) => item.trim()).filter((item) => item !== ''));

const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;
/** A comma-separated list of HTTP header names, trimmed and lower-cased. */
export const headerList = z
  .string()
  .transform((value) => value.split(',').map((name) => name.trim().toLowerCase()).filter((name) => name.length > 0))
  .refine((names) => names.every((name) => HEADER_NAME.test(name)), { error: 'must be HTTP header names, comma-separated' });

/** One HTTP header name, lower-cased. */
export const headerName = z
  .string()
  .transform((name) => name.trim().toLowerCase())
  .refine((name) => HEADER_NAME.test(name), { error: 'must be an HTTP header name, e.g. x-hub-secret' });

// ---- How a problem is worded --------------------------------------------------------------------

/**
 * Names whose values are never repeated in a problem: secrets, keys, URLs that may hold a
 * password, and UPSTREAM_HEADERS, where a credential pasted by mistake is refused.
 */
const SECRET_NAME = /SECRET|KEY|TOKEN|PASSWORD|CREDENTIAL|^REDIS_URL$|^UPSTREAM_HEADERS$/i;
/** Longest value repeated in a problem. */
const MAX_ECHO = 60;

export function isSecretSetting(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** `"abc"`, cut at MAX_ECHO characters, with any user:password@ of a URL hidden. */
export function echo(value: string): string {
  const hidden = value.replace(/(\/\/)[^/@\s]*@/, '$1…@');
  return hidden.length <= MAX_ECHO ? JSON.stringify(hidden) : `${JSON.stringify(hidden.slice(0, MAX_ECHO))}… (${hidden.length} characters)`;
}

/** One line for an invalid variable: `PORT: must be a port number…; got "abc"` (never a secret's value). */
export function invalidValue(name: string, message: string, value: string): string {
  return isSecretSetting(name) ? `${name}: ${message}` : `${name}: ${message}; got ${echo(value)}`;
}
