// The Lua scripts of the Redis bus. Each does in one round trip, atomically, what would otherwise take
// several commands and leave a moment between them for another replica's. Names are ./wire.ts's. A script
// reads keys named after a holder's registry value (its heartbeat), so the bus needs one Redis, not a
// Redis Cluster.
import type { Redis } from 'ioredis';

/** How many answers may wait per session for their holder to re-register. */
export const PARKED_MAX = 100;

/**
 * Delivers an answer in one round trip. KEYS: the session's registry key, its parked list. ARGV: inbox
 * prefix, session id, answer JSON, how long a parked answer waits (ms), control channel, parked notice,
 * heartbeat key prefix. With a holder: publishes in the newest format it reads and returns the number
 * of receivers. A holder that nobody hears (its subscriber reconnecting, e.g. after a Redis restart) gets
 * the answer parked (-2), unless it keeps a heartbeat (level 3) and that has stopped: it is dead (0).
 * Without a holder (its key expired during a partition, or Redis restarted empty, and the holder has not
 * re-registered yet): parks the answer, tells every replica (a `parked` control message), and returns -1.
 * The holder collects parked answers on that message and whenever it registers its sessions
 * (CLAIM_SCRIPT, then ACK_SCRIPT); unclaimed ones expire.
 */
export const ROUTE_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if holder then
  local level = tonumber(string.match(holder, '@(%d+)$')) or 1
  local payload
  if level >= 2 then
    payload = ARGV[2] .. ' ' .. ARGV[3]
  else
    payload = '{"s":' .. cjson.encode(ARGV[2]) .. ',"m":' .. ARGV[3] .. '}'
  end
  local receivers = redis.call('PUBLISH', ARGV[1] .. holder, payload)
  if receivers > 0 then return receivers end
  if level >= 3 and redis.call('EXISTS', ARGV[7] .. string.match(holder, '^[^@]*')) == 0 then return 0 end
  redis.call('RPUSH', KEYS[2], ARGV[3])
  redis.call('LTRIM', KEYS[2], -${PARKED_MAX}, -1)
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  return -2
end
redis.call('RPUSH', KEYS[2], ARGV[3])
redis.call('LTRIM', KEYS[2], -${PARKED_MAX}, -1)
redis.call('PEXPIRE', KEYS[2], ARGV[4])
redis.call('PUBLISH', ARGV[5], cjson.encode({t = 'parked', s = ARGV[2], from = ARGV[6]}))
return -1
`;

/**
 * Registers a session and reads the answers parked for it. KEYS: registry key, parked list. ARGV: the
 * holder's registry value, TTL (ms). Returns the parked answers (JSON texts), oldest first. It leaves them
 * there: a claim that Redis runs after its sender stopped waiting (a partition held it past the command
 * time-out) would otherwise take answers nobody writes. The holder removes them once written (ACK_SCRIPT).
 */
export const CLAIM_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return redis.call('LRANGE', KEYS[2], 0, -1)
`;

/** Removes the parked answers a holder has written. KEYS: the parked list. ARGV: the answers, as read. */
export const ACK_SCRIPT = `
for i = 1, #ARGV do redis.call('LREM', KEYS[1], 1, ARGV[i]) end
return #ARGV
`;

/** What LOCATE_SCRIPT found. */
export const Located = {
  /** No key (or this process's own stale one). */
  gone: 0,
  /** The holder listens on its inbox and its heartbeat is fresh (or it keeps none). */
  up: 1,
  /** One of the two is missing: its subscriber is reconnecting, or it has just died or hangs. */
  unconfirmed: 2,
  /** Neither: the holder is dead; its key was deleted unless the caller said not to. */
  dead: 3,
} as const;

/**
 * Where a session is held, in one round trip, before a call runs for it. KEYS: the registry key. ARGV:
 * inbox prefix, heartbeat key prefix, the caller's own registry value, '1' if a dead holder's key may be
 * deleted. A holder is up when its inbox has a subscriber (Redis drops it the moment the holder's
 * connection closes: a killed process) and its heartbeat lives (a process that hangs, or whose host went
 * without closing its connections, keeps its subscription). A holder of an older release keeps no
 * heartbeat: its subscription alone says.
 */
export const LOCATE_SCRIPT = `
local holder = redis.call('GET', KEYS[1])
if not holder or holder == ARGV[3] then return ${Located.gone} end
local listening = redis.call('PUBSUB', 'NUMSUB', ARGV[1] .. holder)[2] > 0
if (tonumber(string.match(holder, '@(%d+)$')) or 1) < 3 then
  if listening then return ${Located.up} end
  return ${Located.unconfirmed}
end
local alive = redis.call('EXISTS', ARGV[2] .. string.match(holder, '^[^@]*')) == 1
if listening and alive then return ${Located.up} end
if listening or alive then return ${Located.unconfirmed} end
if ARGV[4] == '1' then redis.call('DEL', KEYS[1]) end
return ${Located.dead}
`;

export type RouteCommand = (key: string, parkedKey: string, inboxPrefix: string, sessionId: string, json: string, parkMs: number, control: string, from: string, heartbeatPrefix: string) => Promise<number>;
export type ClaimCommand = (key: string, parkedKey: string, holder: string, ttlMs: number) => Promise<string[]>;
export type LocateCommand = (key: string, inboxPrefix: string, heartbeatPrefix: string, own: string, mayDelete: '0' | '1') => Promise<number>;
export type AckCommand = (parkedKey: string, ...answers: string[]) => Promise<number>;

export interface ScriptCommands {
  route: RouteCommand;
  claim: ClaimCommand;
  ack: AckCommand;
  locate: LocateCommand;
}

/** The scripts as commands of `commands` (EVALSHA, loaded once per connection by ioredis, again after a restart). */
export function scriptCommands(commands: Redis): ScriptCommands {
  commands.defineCommand('mcpRoute', { numberOfKeys: 2, lua: ROUTE_SCRIPT });
  commands.defineCommand('mcpClaim', { numberOfKeys: 2, lua: CLAIM_SCRIPT });
  commands.defineCommand('mcpAck', { numberOfKeys: 1, lua: ACK_SCRIPT });
  commands.defineCommand('mcpLocate', { numberOfKeys: 1, lua: LOCATE_SCRIPT });
  const custom = commands as unknown as { mcpRoute: RouteCommand; mcpClaim: ClaimCommand; mcpAck: AckCommand; mcpLocate: LocateCommand };
  return { route: custom.mcpRoute.bind(commands), claim: custom.mcpClaim.bind(commands), ack: custom.mcpAck.bind(commands), locate: custom.mcpLocate.bind(commands) };
}
