// What crosses Redis, and under which names (issue 9). Every key and channel starts with REDIS_PREFIX.
// Only JSON-RPC answers (and notifications) for a session, and control messages naming a session and a
// request id: never headers or credentials, which stay in the replica that received the POST.
// The delivery format is versioned (issue 20), because replicas of two releases share one Redis during a
// rolling deploy: a holder says in its registry value which formats it reads, a sender's route script
// picks the newest of those it knows, and every reader still reads format 1.
import type { Redis } from 'ioredis';
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
  /** `prefix:replica:<process id>`: written every refresh, so even a replica holding no session learns that writes fail. */
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
 * build from that value): "reads formats up to 2". A value without it is a holder that reads format 1.
 */
export const READS_FORMATS = '@2';

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

/** How many answers may wait per session for their holder to re-register. */
export const PARKED_MAX = 100;

/**
 * Delivers an answer in one round trip. KEYS: the session's registry key, its parked list. ARGV: inbox
 * prefix, session id, answer JSON, how long a parked answer waits (ms), control channel, parked notice.
 * With a holder: publishes in the newest format it reads and returns the number of receivers. Without
 * one (its key expired during a partition, or Redis restarted empty, and the holder has not re-registered
 * yet): parks the answer, tells every replica, and returns -1. The holder collects parked answers when it
 * re-registers (CLAIM_SCRIPT); unclaimed ones expire.
 */
export const ROUTE_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder then
  local reads = tonumber(string.match(holder, '@(%d+)$')) or 1
  local payload
  if reads >= 2 then
    payload = ARGV[2] .. ' ' .. ARGV[3]
  else
    payload = '{"s":' .. cjson.encode(ARGV[2]) .. ',"m":' .. ARGV[3] .. '}'
  end
  return redis.call('PUBLISH', ARGV[1] .. holder, payload)
end
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('LTRIM', KEYS[2], -${PARKED_MAX}, -1)
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6])
return -1
`;

/**
 * Registers a session and collects the answers parked for it. KEYS: registry key, parked list. ARGV: the
 * holder's registry value, TTL (ms). Returns the parked answers (JSON texts), oldest first.
 */
export const CLAIM_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local parked = redis.call('LRANGE', KEYS[2], 0, -1)
if #parked > 0 then redis.call('DEL', KEYS[2]) end
return parked
`;

export type RouteCommand = (key: string, parkedKey: string, inboxPrefix: string, sessionId: string, json: string, parkMs: number, control: string, from: string) => Promise<number>;
export type ClaimCommand = (key: string, parkedKey: string, holder: string, ttlMs: number) => Promise<string[]>;

/** ROUTE_SCRIPT and CLAIM_SCRIPT as commands of `commands` (EVALSHA, loaded once per connection by ioredis). */
export function scriptCommands(commands: Redis): { route: RouteCommand; claim: ClaimCommand } {
  commands.defineCommand('mcpRoute', { numberOfKeys: 2, lua: ROUTE_SCRIPT });
  commands.defineCommand('mcpClaim', { numberOfKeys: 2, lua: CLAIM_SCRIPT });
  const custom = commands as unknown as { mcpRoute: RouteCommand; mcpClaim: ClaimCommand };
  return { route: custom.mcpRoute.bind(commands), claim: custom.mcpClaim.bind(commands) };
}
