// The hub's credentials: which key each feature uses, the environment variable that holds it, and the
// scope a scoped key must carry (contract, "Scoped API key"). Use `scopedKeySchema` in app config.
import { z } from 'zod';

export const SCOPED_KEY_PREFIX = 'svc_ak_';

/** A scoped API key: `svc_ak_` followed by an opaque part. Error messages never repeat the value. */
export const scopedKeySchema = z
  .string()
  .refine((value) => value.startsWith(SCOPED_KEY_PREFIX) && value.length > SCOPED_KEY_PREFIX.length, {
    message: `must be a scoped API key starting with ${SCOPED_KEY_PREFIX}`,
  });

export type HubScope = 'mcp-files:read' | 'mcp-files:write' | 'knowledge:write';

export const HUB_SCOPES: readonly HubScope[] = ['mcp-files:read', 'mcp-files:write', 'knowledge:write'];

/** The keys a client may hold; each is optional and a feature without its key is off. */
export interface HubKeys {
  filesRead?: string;
  filesWrite?: string;
  knowledge?: string;
  embed?: string;
}

export type HubKeyName = keyof HubKeys;

/** Per key: the environment variable that configures it and the scope it needs (none for the embed key). */
export const HUB_KEY_SETTINGS: Readonly<Record<HubKeyName, { envVar: string; scope: HubScope | undefined }>> = {
  filesRead: { envVar: 'HUB_FILES_READ_KEY', scope: 'mcp-files:read' },
  filesWrite: { envVar: 'HUB_FILES_WRITE_KEY', scope: 'mcp-files:write' },
  knowledge: { envVar: 'HUB_KNOWLEDGE_KEY', scope: 'knowledge:write' },
  embed: { envVar: 'HUB_EMBED_KEY', scope: undefined },
};

/** Throws a TypeError naming the setting (not the value) when a scoped key lacks the svc_ak_ prefix. */
export function assertHubKeys(keys: HubKeys): void {
  for (const name of ['filesRead', 'filesWrite', 'knowledge'] as const) {
    const value = keys[name];
    if (value !== undefined && !scopedKeySchema.safeParse(value).success) {
      throw new TypeError(`${HUB_KEY_SETTINGS[name].envVar} must be a scoped API key starting with ${SCOPED_KEY_PREFIX}`);
    }
  }
  if (keys.embed !== undefined && keys.embed.length === 0) {
    throw new TypeError(`${HUB_KEY_SETTINGS.embed.envVar} must not be empty`);
  }
}
