// The two Redis connections of the bus: one for commands and publishing, one for subscribing
// (a subscribed connection can do nothing else). ioredis is loaded here, only when REDIS_URL is set
// (STYLE 9), so the default server never loads it. Both reconnect with back-off by themselves.
import type { Redis, RedisOptions } from 'ioredis';
import type { HealthCheck } from '../../health';
import type { Logger } from '../../logger';
import { RedisStatus } from './status';

export interface RedisConnectionOptions {
  url: string;
  logger: Logger;
  /** Named in CLIENT LIST, so an operator can tell replicas apart. */
  name?: string;
  /** A command with no answer after this long fails (default 1 s): a hung Redis must not hold a POST. */
  commandTimeoutMs?: number;
  /** At most one reconnect per this long when Redis answers READONLY (default 2 s, the back-off's cap). */
  readonlyReconnectMs?: number;
}

export interface RedisConnections {
  readonly commands: Redis;
  readonly subscriber: Redis;
  /** Both connections are up: this process can route and be routed to. */
  readonly ready: boolean;
  /** The Redis host and port, for the log: never the URL, which may hold a password. */
  readonly where: string;
  /** Whether commands succeed on the connections (a connection may be up while they time out or fail). */
  readonly status: RedisStatus;
  /** The last connection error's code (`ECONNREFUSED`, `WRONGPASS`…) while down; undefined once up. */
  readonly lastError: string | undefined;
  close(): Promise<void>;
}

/** A command with no answer after this long fails, unless `commandTimeoutMs` says otherwise. */
export const COMMAND_TIMEOUT_MS = 1_000;

/** The longest wait between two reconnection attempts. */
export const RECONNECT_MAX_MS = 2_000;

/** Back-off between reconnection attempts: 50 ms doubling to 2 s, forever (Redis may come back). */
export const reconnectDelay = (attempt: number): number => Math.min(50 * 2 ** Math.min(attempt, 6), RECONNECT_MAX_MS);

export function openRedisConnections({ url, logger, name = 'mcp-tool-server', commandTimeoutMs = COMMAND_TIMEOUT_MS, readonlyReconnectMs = 2_000 }: RedisConnectionOptions): RedisConnections {
  // Loaded lazily on purpose (see the header); the type import above is erased at compile time.
  const { Redis: RedisClient } = require('ioredis') as typeof import('ioredis');
  const parsed = new URL(url);
  const where = `${parsed.hostname}:${parsed.port || '6379'}`;
  // READONLY: the address now leads to a replica (a failover moved the primary). Reconnecting lets a
  // DNS name or virtual IP lead to the new primary; the failed command is not resent. At most
  // one such reconnect per `readonlyReconnectMs`: ioredis resets its back-off on 'ready', and the writes
  // that follow every reconnect would otherwise meet READONLY again and reconnect ten times a second for
  // as long as the address leads to a replica. In between, commands fail on a connection that is up, so
  // /health names READONLY and the status logs it once.
  let readonlyReconnectAt = -Infinity;
  let reconnectingOnPurpose = false;
  const reconnectOnError = (error: Error): boolean => {
    if (!error.message.startsWith('READONLY') || performance.now() - readonlyReconnectAt < readonlyReconnectMs) return false;
    readonlyReconnectAt = performance.now();
    reconnectingOnPurpose = true;
    logger.debug({ redis: where }, 'redis answered READONLY: reconnecting to follow a failover');
    return true;
  };
  const base: RedisOptions = { retryStrategy: reconnectDelay, connectTimeout: 2_000, connectionName: name, reconnectOnError };
  // No offline queue: while Redis is down a command fails at once (the POST gets 503) instead of piling up.
  const commands = new RedisClient(url, { ...base, enableOfflineQueue: false, commandTimeout: commandTimeoutMs, maxRetriesPerRequest: 0 });
  // The subscriber only ever sends SUBSCRIBE (resent by ioredis after each reconnect), so its queue stays tiny.
  const subscriber = new RedisClient(url, { ...base, maxRetriesPerRequest: null });

  let down = false;
  /** The last connection error's first word (ECONNREFUSED, WRONGPASS…): /health names an auth refusal as such. */
  let lastError: string | undefined;
  /** Whether "unreachable" was logged for this outage. A reconnect asked for above is not one, unless it fails. */
  let warnedDown = false;
  const lost = (error?: Error) => {
    if (!down) {
      down = true;
      warnedDown = false;
    }
    if (warnedDown || (reconnectingOnPurpose && error === undefined)) return;
    warnedDown = true;
    logger.warn({ redis: where, err: error?.message }, 'redis unreachable: calls for sessions held by other replicas get 503 until it is back');
  };
  for (const connection of [commands, subscriber]) {
    // Without an 'error' listener ioredis prints every failed reconnect; one warning per outage is enough.
    connection.on('error', (error: Error) => {
      lastError = /^[A-Z][A-Z_]+\b/.exec(error.message)?.[0] ?? (error as NodeJS.ErrnoException).code;
      lost(error);
    });
    connection.on('close', () => lost());
    connection.on('ready', () => {
      if (down && commands.status === 'ready' && subscriber.status === 'ready') {
        down = false;
        lastError = undefined;
        reconnectingOnPurpose = false;
        if (warnedDown) logger.info({ redis: where }, 'redis reachable again: routing resumes');
      }
    });
  }

  const ready = () => commands.status === 'ready' && subscriber.status === 'ready';
  return {
    commands,
    subscriber,
    where,
    status: new RedisStatus(logger, where, ready),
    get ready() {
      return ready();
    },
    get lastError() {
      return lastError;
    },
    async close() {
      subscriber.disconnect();
      // QUIT waits for the replies to what was sent before it; with Redis down it fails at once.
      await commands.quit().catch(() => commands.disconnect());
    },
  };
}

/** The longest the server's start waits for Redis before listening without it (docs/deploy.md, startup probe). */
export const REDIS_STARTUP_WAIT_MS = 5_000;

/**
 * Both connections up, or `timeoutMs` passed (Redis down at startup: serve what needs no Redis). The
 * server listens only after this: an unreachable Redis delays the start by `timeoutMs`, said in the log.
 */
export async function readyAtStartup(connections: RedisConnections, logger: Logger, timeoutMs: number): Promise<void> {
  if (connections.ready) return;
  logger.info({ redis: connections.where, waitMs: timeoutMs }, 'waiting for redis before listening');
  await whenReady(connections, timeoutMs);
  if (!connections.ready) logger.warn({ redis: connections.where, waitedMs: timeoutMs }, 'redis not reachable at startup: listening without it (calls for sessions held elsewhere get 503 until it is back)');
}

/** Resolves once both connections are up, or after `timeoutMs`. */
export function whenReady(connections: RedisConnections, timeoutMs: number): Promise<void> {
  const { commands, subscriber } = connections;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      commands.off('ready', check);
      subscriber.off('ready', check);
      resolve();
    };
    const check = () => {
      if (connections.ready) done();
    };
    const timer = setTimeout(done, timeoutMs);
    commands.on('ready', check);
    subscriber.on('ready', check);
    check();
  });
}

/** GET /health: "redis: unreachable (…)" when this process cannot route sessions. */
export function redisHealthCheck(connections: RedisConnections): HealthCheck {
  return {
    name: 'redis',
    async check() {
      if (!connections.ready) {
        const refused = connections.lastError;
        if (refused === 'WRONGPASS' || refused === 'NOAUTH') {
          throw new Error(`refused this server's credentials at ${connections.where} (${refused}: check the user and password in REDIS_URL)`);
        }
        throw new Error(`unreachable at ${connections.where} (${connections.commands.status})`);
      }
      const failing = connections.status.failing;
      if (failing !== undefined) throw new Error(`commands failing at ${connections.where} for ${Math.round(connections.status.failingForMs)} ms (${failing})`);
      try {
        await connections.commands.ping();
      } catch (error) {
        throw new Error(`unreachable at ${connections.where} (${(error as Error).message})`);
      }
    },
  };
}
