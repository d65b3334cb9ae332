// The one line every tools/call writes ("tool call"), written by hand when the logger is one of ours: pino's
// generic path (the log formatter's bounding pass, a serializer lookup and a type switch per key, the
// mixin and hook checks) was about 2 µs of a /mcp call's 60. The fields are fixed and short,
// so the line is built in one string, byte for byte the line pino writes (test/logging/call-line.test.ts
// holds both to the same output). Any other logger (a child, a fork's own pino, a multistream) and any
// field that pino would bound or escape differently takes pino's path: nothing changes for a reader.
import pino, { type DestinationStream, type Logger } from 'pino';
import { MAX_LOG_STRING } from './bound';
import type { LogShape } from './settings';

/** The fields of a call's line, in the order they are written; undefined ones are left out. */
export interface CallLineFields {
  tool: string | undefined;
  requestId: string;
  userId: string | undefined;
  outcome: string;
  code?: string | undefined;
  /** Why a failed call failed (src/tools/failure-cause.ts): ECONNREFUSED, timeout, not configured (HUB_URL)… */
  cause?: string | undefined;
  /** The host of the API or hub that failed. */
  host?: string | undefined;
  /** The customer-API request of a call that failed upstream: its method… */
  upstreamMethod?: string | undefined;
  /** …and its path template (`/customers/:id`), never the filled-in path. */
  upstreamPath?: string | undefined;
  upstreamStatus?: number | undefined;
  /** The seconds the API asked to wait (Retry-After of a 429 or 503). */
  retryAfterSeconds?: number | undefined;
  durationMs: number;
}

export type CallLineLevel = 'info' | 'warn';

/** pino's `{"level":N,"time":` for the two levels of a call line (createLogger keeps pino's default levels). */
const LEVEL_NUMBERS: Readonly<Record<CallLineLevel, string>> = { info: '{"level":30,"time":', warn: '{"level":40,"time":' };
/** The same with LOG_LEVEL_NAMES=true (pino's level formatter returning the label). */
const LEVEL_NAMES: Readonly<Record<CallLineLevel, string>> = { info: '{"level":"info","time":', warn: '{"level":"warn","time":' };

/** How a logger made by createLogger writes its lines: where, and the start of each line. */
interface Direct {
  destination: DestinationStream;
  prefix: Readonly<Record<CallLineLevel, string>>;
  /** LOG_TIME=iso: pino's isoTime, a quoted ISO string, instead of epoch milliseconds. */
  isoTime: boolean;
  /** The logger's base fields as pino writes them after the time (`,"worker":2`), or ''. */
  bindings: string;
}

/** By logger: only these loggers get the hand-built line. */
const destinations = new WeakMap<Logger, Direct>();

/** Called by createLogger: lines of `logger`, in the JSON `shape` it was made with, may be written straight to `destination`. */
export function writesDirectly(logger: Logger, destination: DestinationStream, shape: Pick<LogShape, 'levelNames' | 'isoTime'>, bindings = ''): void {
  // A multistream reads each line's level and object from pino's side channel, which a hand-built line skips.
  if ((destination as unknown as Record<symbol, unknown>)[pino.symbols.needsMetadataGsym] === true) return;
  destinations.set(logger, { destination, prefix: shape.levelNames ? LEVEL_NAMES : LEVEL_NUMBERS, isoTime: shape.isoTime, bindings });
}

/**
 * Printable ASCII without `"` and `\`, at most MAX_LOG_STRING characters: written as is by pino too (no
 * escape, no bound). The ids and names of a call line are such strings by construction (tool names,
 * X-Request-Id / X-User-Id pass isSafeId, outcomes and codes are constants); anything else goes to pino.
 */
const PLAIN = new RegExp(`^[\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]{0,${MAX_LOG_STRING}}$`);

function plain(value: string | undefined): boolean {
  return value === undefined || PLAIN.test(value);
}

/** pino writes a number that is not finite as null: left to pino. */
function finite(value: number | undefined): boolean {
  return value === undefined || Number.isFinite(value);
}

/** Writes the call's line at `level` with message `msg` (a constant of the caller's), if the level is on. */
export function writeCallLine(logger: Logger, level: CallLineLevel, fields: CallLineFields, msg: string): void {
  const direct = destinations.get(logger);
  const { tool, requestId, userId, outcome, code, cause, host, upstreamMethod, upstreamPath, upstreamStatus, retryAfterSeconds, durationMs } = fields;
  if (
    direct === undefined || !plain(tool) || !plain(requestId) || !plain(userId) || !plain(outcome) || !plain(code) || !plain(cause) ||
    !plain(host) || !plain(upstreamMethod) || !plain(upstreamPath) || !finite(upstreamStatus) || !finite(retryAfterSeconds) || !Number.isFinite(durationMs)
  ) {
    logger[level](fields, msg);
    return;
  }
  if (!logger.isLevelEnabled(level)) return;
  let line = direct.prefix[level] + (direct.isoTime ? `"${new Date().toISOString()}"` : Date.now()) + direct.bindings;
  if (tool !== undefined) line += `,"tool":"${tool}"`;
  line += `,"requestId":"${requestId}"`;
  if (userId !== undefined) line += `,"userId":"${userId}"`;
  line += `,"outcome":"${outcome}"`;
  if (code !== undefined) line += `,"code":"${code}"`;
  if (cause !== undefined) line += `,"cause":"${cause}"`;
  if (host !== undefined) line += `,"host":"${host}"`;
  if (upstreamMethod !== undefined) line += `,"upstreamMethod":"${upstreamMethod}"`;
  if (upstreamPath !== undefined) line += `,"upstreamPath":"${upstreamPath}"`;
  if (upstreamStatus !== undefined) line += `,"upstreamStatus":${upstreamStatus}`;
  if (retryAfterSeconds !== undefined) line += `,"retryAfterSeconds":${retryAfterSeconds}`;
  direct.destination.write(`${line},"durationMs":${durationMs},"msg":"${msg}"}\n`);
}
