// What crosses Redis, and under which names. Every key and channel starts with REDIS_PREFIX.
// Only JSON-RPC answers (and notifications) for a session, and control messages naming a session and a
// request id: never headers or credentials, which stay in the replica that received the POST.
// The delivery format is versioned, because replicas of two releases share one Redis during a
// rolling deploy: a holder says in its registry value which formats it reads (and whether it keeps a
// heartbeat), a sender's route script picks the newest format of those it knows, and every reader still
// reads format 1. The scripts that use these names are ./scripts.ts's.
import type { RequestId } from '../../protocol/jsonrpc';

export interface RedisNames {
  /** `prefix:session:<id>` → the holder's process id, with an expiry the holder refreshes. */
  session(sessionId: string): string;
  /** `prefix:process:<id>`: answers addressed to one process. The route script appends the id. */
  readonly inboxPrefix: string;
  /** `prefix:control`: cancel and closed, applied by every process to the calls it runs. */
  readonly control: string;
  /** `prefix:parked:<id>`: answers that found no holder, kept a short while for it to re-register. */
  parked(sessionId: string): string;
  /**
   * `prefix:replica:<process id>`: the process's heartbeat, rewritten every HEARTBEAT_MS with a life of
   * HEARTBEAT_TTL_MS (./registrar.ts); a replica holding no session also learns from it that writes fail.
   */
  replica(processId: string): string;
  /** `prefix<key>`: a single-use claim (`prefix:state:<nonce>`, a used requestState), expiring with what it claims. */
  claim(key: string): string;
  /** `prefix:record:<key>`: a small JSON record with an expiry (a task's, SessionBus.putRecord). */
  record(key: string): string;
}

export function redisNames(prefix: string): RedisNames {
  return {
    session: (sessionId) => `${prefix}session:${sessionId}`,
    inboxPrefix: `${prefix}process:`,
    control: `${prefix}control`,
    parked: (sessionId) => `${prefix}parked:${sessionId}`,
    replica: (processId) => `${prefix}replica:${processId}`,
    claim: (key) => `${prefix}${key}`,
    record: (key) => `${prefix}record:${key}`,
  };
}

/**
 * Appended to a holder's process id in its registry value (and so in its inbox's name, which old senders
 * build from that value): the holder's level. 2: it reads delivery formats up to 2. 3: the same formats,
 * and it keeps a heartbeat (`prefix:replica:<id>`), so a sender may take a missing heartbeat for a dead
 * holder. A value without it is a holder that reads format 1. Senders of every release pick format 2 for
 * any level from 2 up.
 */
export const HOLDER_LEVEL = '@3';

/**
 * On a process's inbox: a message for the stream of session `s`. Format 1 is the JSON `{"s":…,"m":…}`,
 * parsed (`m`); format 2 is `<sessionId> <answer JSON>`, whose answer is written on the stream as received
 * (`json`), without a parse and a second stringify.
 */
export type Delivery = { s: string; m: object; json?: undefined } | { s: string; json: string; m?: undefined };

/** On the control channel. `from` lets the sender skip its own message. */
export type Control =
  | { t: 'cancel'; s: string; r: RequestId; from: string }
  | { t: 'closed'; s: string; from: string }
  /** An answer for `s` found no holder and was parked: the holder (if any) collects it. */
  | { t: 'parked'; s: string; from: string }
  /** Key `k` of topic `n` is now `v` (SessionBus.announce: a caller's log level). Older releases ignore it. */
  | { t: 'announce'; n: string; k: string; v: string; from: string };

/** Parses a message off an inbox; undefined for anything malformed (another deployment, a bad actor). */
export function parseDelivery(text: string): Delivery | undefined {
  if (text.startsWith('{')) {
    const value = parse(text) as { s?: unknown; m?: unknown } | undefined;
    return typeof value?.s === 'string' && typeof value.m === 'object' && value.m !== null ? { s: value.s, m: value.m } : undefined;
  }
  return parseAnswerText(text.indexOf(' '), text);
}

/**
 * Format 2. The answer goes on an SSE stream unparsed, so a line break in it (JSON.stringify never writes
 * one) would let a forged message add its own SSE fields or events: such a message is refused.
 */
function parseAnswerText(space: number, text: string): Delivery | undefined {
  if (space <= 0 || text.charCodeAt(space + 1) !== 0x7b /* { */) return undefined;
  if (text.includes('\n', space) || text.includes('\r', space)) return undefined;
  return { s: text.slice(0, space), json: text.slice(space + 1) };
}

export function parseControl(text: string): Control | undefined {
  const value = parse(text) as (Partial<Control> & { s?: unknown; n?: unknown; k?: unknown; v?: unknown }) | undefined;
  if (typeof value?.from !== 'string') return undefined;
  if (value.t === 'announce') return typeof value.n === 'string' && typeof value.k === 'string' && typeof value.v === 'string' ? (value as Control) : undefined;
  if (typeof value.s !== 'string') return undefined;
  if (value.t === 'closed' || value.t === 'parked') return value as Control;
  if (value.t === 'cancel' && (typeof value.r === 'string' || typeof value.r === 'number')) return value as Control;
  return undefined;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
