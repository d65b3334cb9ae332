// Log lines a person can read in a terminal: pino-pretty, a development dependency, loaded
// only when the log is to be pretty, and only if it is installed. A production install (no
// devDependencies) never loads it and logs JSON.
import type { DestinationStream } from 'pino';
import type { LogFormat } from './settings';

/** One JSON log line in, one line of text out (pino-pretty's prettyFactory). */
export type Prettify = (line: string) => string;

/** What pino-pretty is asked for: local times, colours only on a terminal. */
export interface PrettyOptions {
  colorize: boolean;
}

/** Loads pino-pretty's prettyFactory; undefined when the package is not installed. */
export type LoadPretty = (options: PrettyOptions) => Prettify | undefined;

/**
 * pino-pretty's synchronous prettifier, or undefined without the package. require, not import: it is
 * not a dependency of a production install, and a specifier in a variable keeps bundlers from following it.
 */
export const loadPinoPretty: LoadPretty = (options) => {
  const specifier = 'pino-pretty';
  let module: { prettyFactory(options: object): Prettify };
  try {
    module = require(specifier) as typeof module; // eslint-disable-line @typescript-eslint/no-require-imports
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
  // `instance` (on every JSON line, for merged logs of replicas) is the same on every line a person reads here.
  return module.prettyFactory({ colorize: options.colorize, translateTime: 'SYS:HH:MM:ss.l', singleLine: false, ignore: 'pid,hostname,instance' });
};

/**
 * Whether the log is pretty text: LOG_FORMAT=pretty, or auto when stdout is a terminal outside production
 * (LOG_FORMAT=pretty in production is refused by the settings).
 */
export function wantsPretty(format: LogFormat, where: { terminal: boolean; production: boolean }): boolean {
  return format === 'pretty' || (format === 'auto' && where.terminal && !where.production);
}

/** A destination that turns each JSON line into text before handing it to `out`. */
export function prettyLines(prettify: Prettify, out: DestinationStream): DestinationStream {
  return {
    write(line: string) {
      return out.write(prettify(line));
    },
  };
}
