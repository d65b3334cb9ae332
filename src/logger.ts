// The one logger: pino JSON lines, or text in a terminal (./logging/pretty.ts). Headers are logged by an
// allowlist (src/logging/headers.ts), every string is bounded, and session ids appear only as short
// hashes, at every level.
// Log headers only under the `headers` key (or `req.headers`); never log tool arguments or message params.
import cluster from 'node:cluster';
import pino, { type DestinationStream, type Logger } from 'pino';
import { bounded, boundedFields, boundString, MAX_ERROR_STRING } from './logging/bound';
import { writesDirectly } from './logging/call-line';
import { headersForLog } from './logging/headers';
import { loadPinoPretty, prettyLines, wantsPretty, type LoadPretty } from './logging/pretty';
import { defaultInstance, type LogShape } from './logging/settings';
import { sessionTag } from './logging/session-tag';

export type { Logger };
export { headersForLog } from './logging/headers';
export { sessionTag } from './logging/session-tag';

export interface LoggerOptions {
  level: string;
  /** Where lines go; stdout by default. Tests pass a sink and parse the lines. */
  destination?: DestinationStream;
  /** Config.log: JSON or pretty, level names, ISO times. Default: JSON as pino writes it (numeric levels, epoch ms). */
  shape?: LogShape;
  /** Where the process runs: LOG_FORMAT=auto is pretty only on a terminal outside production. */
  where?: { terminal: boolean; production: boolean };
  /** Loads pino-pretty (by default, if installed); a test passes one that finds nothing, as a production install. */
  loadPretty?: LoadPretty;
  /**
   * WORKERS>1: the worker's number (node:cluster's id, 1, 2, … and a replacement's next one), written as
   * `"worker":N` on every line, so a line says which worker wrote it. Default: this process's, when it is a
   * cluster worker; the primary's and a single process's lines have no `worker`.
   */
  worker?: number;
  /**
   * Written as `"instance"` on every line (Config.instance: INSTANCE_ID, else host name and pid), so the
   * merged logs of two replicas can be told apart; a cluster's workers add `worker`. Default: host name and pid.
   */
  instance?: string;
}

const JSON_SHAPE: LogShape = { format: 'json', levelNames: false, isoTime: false };
const NOT_A_TERMINAL = { terminal: false, production: false };

/**
 * Lines to stdout are gathered in a buffer of this many bytes, handed over when the next line might not
 * fit, or at most FLUSH_INTERVAL_MS after they were written: one write per line was a large part of the
 * CPU of a tool call (see docs/performance-history.md). 16 KiB: sonic-boom's cap on one write; 48 KiB measured
 * no better. Call `logger.flush(cb)` before exiting.
 */
const BATCH_BYTES = 16_384;
const FLUSH_INTERVAL_MS = 1000;

/**
 * Standard output, buffered. Each line is encoded into the batch's Buffer as it is written, and a full
 * batch goes to sonic-boom (buffer mode, synchronous) whole; a new Buffer takes the next lines, since
 * sonic-boom may still hold the last one. Each line's string is garbage as soon as it is encoded; they
 * were kept as one growing string (a chain of ~70 lines) until the batch was full. A line
 * longer than a batch is handed over on its own. Whatever is gathered is handed over on flush and written
 * synchronously when the process exits (process.exit included), so no line is lost.
 */
function stdoutLines(): DestinationStream & { flush(cb?: (err?: Error) => void): void } {
  let batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  const handOver = (): void => {
    if (used === 0) return;
    const full = batch.subarray(0, used);
    batch = Buffer.allocUnsafe(BATCH_BYTES);
    used = 0;
    write.call(boom, full);
  };
  // Registered before pino.destination(), whose own 'beforeExit' flushes and then ends the stream: the
  // gathered lines must reach it first (an event loop that empties).
  const ended = (): boolean => (boom as unknown as { destroyed: boolean }).destroyed;
  process.on('beforeExit', () => {
    if (!ended()) handOver();
  });
  process.on('exit', () => {
    if (ended()) return;
    try {
      handOver();
      boom.flushSync();
    } catch {
      // stdout is gone (EPIPE), ended or not ready: nothing more can be written
    }
  });
  // Synchronous, as pino's own default: a batch is one write(2) of at most 16 KiB, and no batch can be in
  // flight on the thread pool when the process exits, where an earlier asynchronous write finished after
  // the synchronous flush of later lines and put them out of order (seen under load on Node 22).
  const boom = pino.destination({ dest: 1, sync: true, minLength: 0, contentMode: 'buffer' });
  const write = boom.write as unknown as (chunk: Buffer) => boolean;
  return {
    write: (line: string) => {
      // A UTF-16 unit is at most 3 bytes of UTF-8: a line whose bound does not fit starts a new batch.
      if (used + line.length * 3 > BATCH_BYTES) {
        handOver();
        if (line.length * 3 > BATCH_BYTES) {
          write.call(boom, Buffer.from(line, 'utf8'));
          return true;
        }
      }
      used += batch.write(line, used, 'utf8');
      return true;
    },
    flush: (cb) => {
      handOver();
      boom.flush(cb);
    },
  };
}

/** Keys with their own serializer below, which bounds them. */
const SERIALIZED = new Set(['err', 'headers', 'req']);

/** A path with any `sessionId` in its query replaced by its hash. */
function urlForLog(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  return boundString(url.replace(/([?&]sessionId=)([^&#]*)/gi, (_all, name: string, id: string) => `${name}#${sessionTag(id)}`));
}

function errForLog(error: unknown): unknown {
  const serialized: unknown = pino.stdSerializers.err(error as Error);
  if (typeof serialized !== 'object' || serialized === null) return bounded(serialized);
  const { message, stack, ...rest } = serialized as Record<string, unknown>;
  return {
    ...(bounded(rest) as Record<string, unknown>),
    message: typeof message === 'string' ? boundString(message, MAX_ERROR_STRING, true) : message,
    stack: typeof stack === 'string' ? boundString(stack, MAX_ERROR_STRING, true) : stack,
  };
}

export function createLogger({ level, destination, shape = JSON_SHAPE, where = NOT_A_TERMINAL, loadPretty = loadPinoPretty, worker = cluster.worker?.id, instance = defaultInstance() }: LoggerOptions): Logger {
  const prettify = wantsPretty(shape.format, where) ? loadPretty({ colorize: destination === undefined && where.terminal }) : undefined;
  // Pretty text goes out line by line, unbuffered: a person is reading it as it comes.
  const sink = prettify ? prettyLines(prettify, destination ?? pino.destination({ dest: 1, sync: true })) : destination ?? stdoutLines();
  // pino-pretty reads pino's own numbers and times; the JSON options are for JSON readers.
  const json = prettify ? JSON_SHAPE : shape;
  const logger = pino(
    {
      level,
      // Set once, written by pino into every line at no cost per line: which replica (instance) and which
      // of its cluster workers (worker) wrote it. pino's own pid and hostname are folded into `instance`.
      base: worker === undefined ? { instance } : { instance, worker },
      ...(json.isoTime ? { timestamp: pino.stdTimeFunctions.isoTime } : {}),
      serializers: {
        headers: headersForLog,
        req: (req: { method?: unknown; url?: unknown; headers?: unknown }) => ({
          method: typeof req.method === 'string' ? boundString(req.method, 16) : undefined,
          url: urlForLog(req.url),
          headers: headersForLog(req.headers),
        }),
        err: errForLog,
        // The message itself (`logger.warn(text)` or an error's message): bounded like an error's.
        msg: (msg: unknown) => (typeof msg === 'string' ? boundString(msg, MAX_ERROR_STRING) : msg),
      },
      formatters: {
        ...(json.levelNames ? { level: (label: string) => ({ level: label }) } : {}),
        // pino applies no formatter to a child's bindings: bind only short, checked values (ids, names).
        log: (fields) => boundedFields(fields, SERIALIZED),
      },
    },
    sink,
  );
  // The per-call line is built by hand for this logger's own lines (./logging/call-line.ts).
  writesDirectly(logger, sink, json, `,"instance":${JSON.stringify(instance)}${worker === undefined ? '' : `,"worker":${worker}`}`);
  if (!destination && !prettify) setInterval(() => logger.flush(), FLUSH_INTERVAL_MS).unref();
  if (shape.format === 'pretty' && !prettify) logger.warn('LOG_FORMAT=pretty, but pino-pretty (a development dependency) is not installed: logging JSON');
  return logger;
}
