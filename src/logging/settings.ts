// Settings of the log's shape: JSON or pretty text, and how JSON names levels and times. The defaults
// keep the JSON every existing log consumer reads (numeric levels, epoch milliseconds).
// Composed by src/config.ts.
import { hostname } from 'node:os';
import { z } from 'zod';
import { type Common, type SettingsOf, oneOf } from '../config-fields';

export type LogFormat = 'auto' | 'json' | 'pretty';

/** The log's shape (Config.log). */
export interface LogShape {
  readonly format: LogFormat;
  /** Levels as names ("info") rather than pino's numbers (30). */
  readonly levelNames: boolean;
  /** Times as ISO 8601 strings rather than epoch milliseconds. */
  readonly isoTime: boolean;
}

/** Longest INSTANCE_ID: it is on every line, so it stays short. */
export const MAX_INSTANCE_ID = 64;

/** Printable ASCII without spaces, quotes or backslashes: written into every line as it is. */
const INSTANCE_ID = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/** The instance of a process without INSTANCE_ID: its host name (a container's id in most orchestrators) and pid. */
export function defaultInstance(host = hostname(), pid = process.pid): string {
  // Host names are DNS labels in practice; anything else is dropped rather than written into every line.
  const name = host.replace(/[^\x21\x23-\x5b\x5d-\x7e]/g, '').slice(0, MAX_INSTANCE_ID - 8) || 'host';
  return `${name}:${pid}`;
}

export const settings = {
  /** auto: pretty text when stdout is a terminal outside production and pino-pretty is installed; else JSON. */
  LOG_FORMAT: oneOf(['auto', 'json', 'pretty']).default('auto'),
  /** true: `"level":"info"` instead of pino's `"level":30`. */
  LOG_LEVEL_NAMES: oneOf(['true', 'false']).default('false'),
  /** iso: `"time":"2026-01-31T12:00:00.000Z"` instead of epoch milliseconds. */
  LOG_TIME: oneOf(['epoch', 'iso']).default('epoch'),
  /**
   * The name every log line carries as `"instance"`, so merged logs of several replicas can be told apart.
   * Unset: the host name and pid. Short, printable, no spaces (a pod name, `eu-1a`).
   */
  INSTANCE_ID: z
    .string()
    .max(MAX_INSTANCE_ID, { error: `must be at most ${MAX_INSTANCE_ID} characters` })
    .regex(INSTANCE_ID, { error: 'must be printable ASCII without spaces, quotes or backslashes (e.g. web-1)' })
    .optional(),
};

type Settings = SettingsOf<typeof settings>;

export function problems(s: Partial<Settings>, common: Common): string[] {
  // pino-pretty is a development dependency: a production install does not have it.
  if (common.production && s.LOG_FORMAT === 'pretty') return ['LOG_FORMAT: pretty is for development only; production logs JSON (use auto or json)'];
  return [];
}

export function build(s: Settings): { log: LogShape; instance: string } {
  return {
    log: Object.freeze({
      format: s.LOG_FORMAT as LogFormat,
      levelNames: s.LOG_LEVEL_NAMES === 'true',
      isoTime: s.LOG_TIME === 'iso',
    }),
    instance: s.INSTANCE_ID ?? defaultInstance(),
  };
}
