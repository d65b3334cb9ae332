// Settings of how this server introduces itself: its name, title and description (in initialize,
// server/discover, the Server Card and server.json alike) and the public URL of /mcp. Composed by
// src/config.ts; the version is always package.json's. A fork sets these three to its own.
import { z } from 'zod';
import { type Common, type SettingsOf, httpUrl } from '../config-fields';
import { description as packageDescription, name as packageName, version } from '../../package.json';
import type { ServerInfo } from '../mcp/core/context';

/**
 * `namespace/name` in reverse-DNS form (`com.example/orders`): the Server Card's and the MCP Registry's
 * pattern, with the registry's stricter rule that each part starts and ends with a letter or digit.
 */
const SERVER_NAME = /^[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?\/[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$/;
/** The Server Card's and server.json's bound on `title` and `description`. */
const MAX_TEXT = 100;

/** A placeholder a fork replaces: example.com is reserved for examples (RFC 2606), so no registry takes it. */
export const PLACEHOLDER_NAMESPACE = 'com.example';

const text = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(MAX_TEXT, { error: `must be at most ${MAX_TEXT} characters (the Server Card's and the MCP Registry's limit on ${what})` });

export const settings = {
  MCP_SERVER_NAME: z
    .string()
    .refine((value) => value.length >= 3 && value.length <= 200 && SERVER_NAME.test(value), {
      error: 'must be namespace/name in reverse-DNS form, e.g. com.example/orders or io.github.you/orders (letters, digits, dots and hyphens; _ also after the /)',
    })
    .optional(),
  MCP_SERVER_TITLE: text('title').optional(),
  MCP_SERVER_DESCRIPTION: text('description').optional(),
  MCP_PUBLIC_URL: httpUrl.refine((value) => !/[?#]/.test(value), { error: 'must have no query or fragment' }).optional(),
} satisfies z.ZodRawShape;

type Settings = SettingsOf<typeof settings>;

export function problems(s: Partial<Settings>, common: Common): string[] {
  // A card served in production must be reached over https (the Server Card draft, Transport Security).
  if (common.production && s.MCP_PUBLIC_URL !== undefined && !/^https:\/\//i.test(s.MCP_PUBLIC_URL)) {
    return ['MCP_PUBLIC_URL: must be an https:// URL when NODE_ENV=production'];
  }
  return [];
}

/** MCP_PUBLIC_URL and OAUTH_RESOURCE name the same /mcp (called by src/config.ts, which sees both rooms). */
export function publicUrlProblems(publicUrl: string | undefined, resource: string | undefined): string[] {
  if (publicUrl === undefined || resource === undefined || publicUrl === resource) return [];
  return ['MCP_PUBLIC_URL: differs from OAUTH_RESOURCE, which is already the public URL of /mcp: remove MCP_PUBLIC_URL or make them equal'];
}

/** The package's description, cut to the card's 100 characters at a word when a fork's is longer. */
export function shortDescription(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= MAX_TEXT) return trimmed;
  const cut = trimmed.slice(0, MAX_TEXT - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

export interface CardSettings {
  /** Who this server says it is, everywhere: initialize, server/discover, the card, server.json. */
  readonly identity: ServerInfo & { readonly description: string };
  /** MCP_PUBLIC_URL, else OAUTH_RESOURCE: where clients reach /mcp. Undefined: taken from a request's checked Host. */
  readonly publicUrl: string | undefined;
}

/** `com.example/<the package's name>`, its scope dropped and any character a name cannot hold made a hyphen. */
export function placeholderName(pkgName: string): string {
  const bare = (pkgName.split('/').pop() ?? '').replace(/[^a-zA-Z0-9._-]/g, '-').replace(/^[._-]+|[._-]+$/g, '');
  return `${PLACEHOLDER_NAMESPACE}/${bare || 'server'}`;
}

export function build(s: Settings, _common: Common, resource?: string): { card: CardSettings } {
  const identity = {
    name: s.MCP_SERVER_NAME ?? placeholderName(packageName),
    version,
    ...(s.MCP_SERVER_TITLE === undefined ? {} : { title: s.MCP_SERVER_TITLE }),
    description: s.MCP_SERVER_DESCRIPTION ?? shortDescription(packageDescription || packageName),
  };
  return { card: Object.freeze({ identity: Object.freeze(identity), publicUrl: s.MCP_PUBLIC_URL ?? resource }) };
}
