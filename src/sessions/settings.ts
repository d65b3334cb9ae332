// Settings of sessions across replicas and cores: Redis and worker processes. Composed by
// src/config.ts; REDIS_URL is never repeated in a problem (it may hold a password).
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { type SettingsOf, int } from '../config-fields';

const WORKERS_MESSAGE = 'must be auto (one per core) or a whole number from 1 to 256';

export const settings = {
  REDIS_URL: z.string().refine((url) => /^rediss?:\/\/[^/]/i.test(url), { error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, { error: 'must be 1-64 letters, digits, ":", "_", "." or "-"' })
    .default('mcp:'),
  SESSION_TTL_MS: int(1000, 15_000),
  SESSION_REFRESH_MS: int(100, 5_000),
  TASK_LEASE_MS: int(1000, 15_000),
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number({ error: WORKERS_MESSAGE }).int({ error: WORKERS_MESSAGE }).min(1, { error: WORKERS_MESSAGE }).max(256, { error: WORKERS_MESSAGE })], {
      error: WORKERS_MESSAGE,
    })
    .default(1),
  MCP_STATE_SECRET: z.string().min(32, { error: 'must be at least 32 characters (e.g. openssl rand -base64 32)' }).optional(),
};

type Settings = SettingsOf<typeof settings>;

export function problems(s: Partial<Settings>): string[] {
  // One lost refresh must not drop a live session from the registry.
  if (s.SESSION_REFRESH_MS !== undefined && s.SESSION_TTL_MS !== undefined && s.SESSION_REFRESH_MS * 2 > s.SESSION_TTL_MS) {
    return ['SESSION_REFRESH_MS: must be at most half of SESSION_TTL_MS'];
  }
  return [];
}

export function build(s: Settings) {
  return {
    redis: Object.freeze({
      url: s.REDIS_URL,
      prefix: s.REDIS_PREFIX,
      sessionTtlMs: s.SESSION_TTL_MS,
      sessionRefreshMs: s.SESSION_REFRESH_MS,
    }),
    /** How long a running task's heartbeat vouches for it: a replica gone longer leaves its tasks failed. */
    taskLeaseMs: s.TASK_LEASE_MS,
    workers: s.WORKERS === 'auto' ? availableParallelism() : s.WORKERS,
    /** Signs 2026-07-28 `requestState` so any replica can trust it; unset: a key of this process (or of its cluster). */
    stateSecret: s.MCP_STATE_SECRET,
  };
}
