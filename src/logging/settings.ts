// Settings of the log's shape: JSON or pretty text, and how JSON names levels and times. The defaults
// keep the JSON every existing log consumer reads (numeric levels, epoch milliseconds; issue 27).
// Composed by src/config.ts.
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

export const settings = {
  /** auto: pretty text when stdout is a terminal outside production and pino-pretty is installed; else JSON. */
  LOG_FORMAT: oneOf(['auto', 'json', 'pretty']).default('auto'),
  /** true: `"level":"info"` instead of pino's `"level":30`. */
  LOG_LEVEL_NAMES: oneOf(['true', 'false']).default('false'),
  /** iso: `"time":"2026-01-31T12:00:00.000Z"` instead of epoch milliseconds. */
  LOG_TIME: oneOf(['epoch', 'iso']).default('epoch'),
};

type Settings = SettingsOf<typeof settings>;

export function problems(s: Partial<Settings>, common: Common): string[] {
  // pino-pretty is a development dependency: a production install does not have it (issue 27).
  if (common.production && s.LOG_FORMAT === 'pretty') return ['LOG_FORMAT: pretty is for development only; production logs JSON (use auto or json)'];
  return [];
}

export function build(s: Settings): { log: LogShape } {
  return {
    log: Object.freeze({
      format: s.LOG_FORMAT as LogFormat,
      levelNames: s.LOG_LEVEL_NAMES === 'true',
      isoTime: s.LOG_TIME === 'iso',
    }),
  };
}
