// Where a session not held here is held, asked of Redis before a call runs for it (LOCATE_SCRIPT, one
// round trip): a holder that is not listening or whose heartbeat is late gets the POST refused with 503
// (retry shortly), a dead one gets 404 and its key deleted, so a call never runs for a stream nobody
// holds. A sighting is trusted for a short while: a burst of calls for one session costs one look-up.
// For a while after this replica's connections come back, or its commands succeed again, a missing key
// is not taken for a session gone: Redis may have restarted empty, and the holders re-register their
// sessions as soon as they reconnect, which may be a back-off later than this replica.
import { sessionTag, type Logger } from '../../logger';
import { BusUnavailableError, type Location } from '../bus';
import { RECONNECT_MAX_MS, type RedisConnections } from './connections';
import { Located, type LocateCommand } from './scripts';
import { SeenRoutes } from './seen-routes';
import type { RedisNames } from './wire';

export interface LocatorOptions {
  connections: RedisConnections;
  names: RedisNames;
  logger: Logger;
  /** This process's registry value: a key that holds it is stale (a stream closed while Redis was down). */
  holder: string;
  locate: LocateCommand;
  /** SESSION_REFRESH_MS: a sighting is trusted for at most this (and at most 1 s); the settling window adds it. */
  refreshMs: number;
  /** Counts and logs a failed command, and starts probing for Redis's return (the bus's). */
  failed(what: string, error: Error): void;
}

/** Sessions held elsewhere, as last seen, at most (memory bound). */
const SEEN_MAX = 10_000;

export class Locator {
  /** Sessions held elsewhere, as last seen; forgotten on their `closed` message or after a while. */
  private readonly seen: SeenRoutes;
  private readonly heartbeatPrefix: string;
  /** Until then a missing key or a dead holder answers 503, not 404. */
  private settlingUntil = -Infinity;
  /** The start gave up waiting for Redis: its first connection is a return, as after an outage. */
  private startedWithoutRedis = false;

  constructor(private readonly options: LocatorOptions) {
    const { connections, names, refreshMs } = options;
    // A SIGKILLed holder sends no `closed`: a cached sighting adds at most this before the look-up sees it.
    this.seen = new SeenRoutes(Math.min(refreshMs, 1_000), SEEN_MAX);
    this.heartbeatPrefix = names.replica('');
    for (const connection of [connections.commands, connections.subscriber]) {
      let connectedBefore = connection.status === 'ready';
      connection.on('ready', () => {
        if (connectedBefore || this.startedWithoutRedis) this.settle();
        connectedBefore = true;
      });
    }
    connections.status.onRecovered(() => this.settle());
  }

  /** The server listens without Redis (the startup wait ran out): its first connection may find Redis restarted empty. */
  listeningWithoutRedis(): void {
    this.startedWithoutRedis = true;
  }

  /**
   * Long enough for every holder to reconnect (its back-off is at most RECONNECT_MAX_MS behind this
   * replica's) and re-register, with one refresh period to spare for a registration that failed once.
   */
  private settle(): void {
    this.settlingUntil = performance.now() + RECONNECT_MAX_MS + this.options.refreshMs;
    // A sighting from before may name a holder that has not come back: no call runs on it unchecked.
    this.seen.clear();
  }

  locate(sessionId: string): Location | Promise<Location> {
    const { connections } = this.options;
    // Refused at once: a cached route would accept a call whose answer has no way back, and a
    // look-up would hold the POST for the command time-out.
    const failing = connections.status.failing;
    if (failing !== undefined) return Promise.reject(new BusUnavailableError(`redis: commands failing (${failing})`));
    // Only while Redis is reachable: with it down a routed call would be accepted and its answer lost.
    if (connections.ready && this.seen.fresh(sessionId)) return 'elsewhere';
    return this.lookUp(sessionId);
  }

  /** Its stream closed, or its holder stopped listening: look it up again next time. */
  forget(sessionId: string): void {
    this.seen.forget(sessionId);
  }

  private async lookUp(sessionId: string): Promise<Location> {
    const { names, holder, locate } = this.options;
    const settling = performance.now() < this.settlingUntil;
    let found: number;
    try {
      found = await locate(names.session(sessionId), names.inboxPrefix, this.heartbeatPrefix, holder, settling ? '0' : '1');
    } catch (error) {
      this.options.failed('look up', error as Error);
      throw new BusUnavailableError(`redis: cannot look up the session (${(error as Error).message})`, { cause: error });
    }
    if (found === Located.up) {
      this.seen.saw(sessionId);
      return 'elsewhere';
    }
    this.seen.forget(sessionId);
    if (found === Located.unconfirmed) throw new BusUnavailableError("redis: the session's holder is not listening or its heartbeat is late", { retryAfterS: 1 });
    if (settling) throw new BusUnavailableError('redis: sessions are being registered again after a reconnect', { retryAfterS: 1 });
    if (found === Located.dead) this.options.logger.info({ session: sessionTag(sessionId) }, "session's holder is gone (not listening, no heartbeat): its key deleted, calls for it refused");
    return 'gone';
  }
}
