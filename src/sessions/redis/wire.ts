// What crosses Redis, and under which names (issue 9). Every key and channel starts with REDIS_PREFIX.
// Only JSON-RPC answers (and notifications) for a session, and control messages naming a session and a
// request id: never headers or credentials, which stay in the replica that received the POST.
import type { RequestId } from '../../mcp/core/jsonrpc';

export interface RedisNames {
  /** `prefix:session:<id>` → the holder's process id, with an expiry the holder refreshes. */
  session(sessionId: string): string;
  /** `prefix:process:<id>`: answers addressed to one process. The route script appends the id. */
  readonly inboxPrefix: string;
  /** `prefix:control`: cancel and closed, applied by every process to the calls it runs. */
  readonly control: string;
}

export function redisNames(prefix: string): RedisNames {
  return {
    session: (sessionId) => `${prefix}session:${sessionId}`,
    inboxPrefix: `${prefix}process:`,
    control: `${prefix}control`,
  };
}

/** On a process's inbox: a message for the stream of session `s`. */
export interface Delivery {
  s: string;
  m: object;
}

/** On the control channel. `from` lets the sender skip its own message. */
export type Control =
  | { t: 'cancel'; s: string; r: RequestId; from: string }
  | { t: 'closed'; s: string; from: string };

/** Parses a message off a channel; undefined for anything malformed (another deployment, a bad actor). */
export function parseDelivery(text: string): Delivery | undefined {
  const value = parse(text) as Partial<Delivery> | undefined;
  return typeof value?.s === 'string' && typeof value.m === 'object' && value.m !== null ? (value as Delivery) : undefined;
}

export function parseControl(text: string): Control | undefined {
  const value = parse(text) as Partial<Control> | undefined;
  if (typeof value?.s !== 'string' || typeof value.from !== 'string') return undefined;
  if (value.t === 'closed') return value as Control;
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

/**
 * Publishes to the holder's inbox in one round trip: GET the registry key, PUBLISH if there is a holder.
 * Returns the number of receivers, or -1 when the session is not registered (gone).
 */
export const ROUTE_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if not holder then return -1 end
return redis.call('PUBLISH', ARGV[1] .. holder, ARGV[2])
`;
