// Sessions routed between replicas over Redis (issue 9). The replica that receives a POST runs the call
// with that POST's credentials; only the JSON-RPC answer travels, on the holder's inbox channel, and
// cancel/closed travel on one control channel. A registry key per live session, refreshed by its holder
// in one pipeline per tick, lets any replica answer 404 for a session that no longer exists: a replica
// that dies stops being a route within SESSION_TTL_MS (plus at most 1 s for which another replica
// remembers having seen the session: a burst of calls for one session costs one GET).
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../logger';
import type { RequestId } from '../../mcp/core/jsonrpc';
import { BusUnavailableError, type Location, type SessionBus, type StreamSink } from '../bus';
import type { Metrics } from '../../telemetry';
import type { CallTracker } from '../calls';
import type { RedisConnections } from './connections';
import { parseControl, parseDelivery, redisNames, ROUTE_SCRIPT, type Control, type RedisNames } from './wire';

export interface RedisBusOptions {
  connections: RedisConnections;
  calls: CallTracker;
  logger: Logger;
  /** REDIS_PREFIX: every key and channel starts with it. */
  prefix: string;
  /** SESSION_TTL_MS: the registry key of a session outlives its last refresh by this much. */
  sessionTtlMs: number;
  /** SESSION_REFRESH_MS: how often the keys of this process's sessions are refreshed. */
  refreshMs: number;
}

/** Sessions held elsewhere, as last seen in Redis: a burst of calls for one session costs one GET. */
const SEEN_MAX = 10_000;

type RouteCommand = (key: string, inboxPrefix: string, payload: string) => Promise<number>;

const NO_COUNT: { inc(by?: number): void } = { inc: () => undefined };

export class RedisBus implements SessionBus {
  /** This process in the registry: pid for people reading Redis, random bytes so restarts never collide. */
  readonly processId = `${process.pid}.${randomBytes(6).toString('hex')}`;
  private readonly sinks = new Map<string, StreamSink>();
  /** sessionId → when its key was last seen; dropped on its `closed` message or after seenForMs. */
  private readonly seen = new Map<string, number>();
  private readonly seenForMs: number;
  private readonly names: RedisNames;
  private readonly inbox: string;
  private readonly timer: NodeJS.Timeout;
  private readonly route: RouteCommand;
  private closed = false;
  /** Counted for /metrics once instrument() is called; no-ops until then. */
  private counts = { routed: NO_COUNT, received: NO_COUNT, controls: NO_COUNT, failures: NO_COUNT };

  constructor(private readonly options: RedisBusOptions) {
    const { connections, prefix, refreshMs } = options;
    this.names = redisNames(prefix);
    // A SIGKILLed holder sends no `closed`: a cached sighting adds at most this to the TTL bound.
    this.seenForMs = Math.min(refreshMs, 1_000);
    this.inbox = `${this.names.inboxPrefix}${this.processId}`;
    connections.commands.defineCommand('mcpRoute', { numberOfKeys: 1, lua: ROUTE_SCRIPT });
    this.route = (connections.commands as unknown as { mcpRoute: RouteCommand }).mcpRoute.bind(connections.commands);
    connections.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    connections.subscriber.subscribe(this.inbox, this.names.control).catch((error: Error) => this.failed('subscribe', error));
    // After an outage (or a Redis restart that lost every key) this process registers its sessions again.
    for (const connection of [connections.commands, connections.subscriber]) connection.on('ready', () => this.refresh());
    this.timer = setInterval(() => this.refresh(), refreshMs).unref();
  }

  instrument(metrics: Metrics): void {
    this.counts = {
      routed: metrics.counter('mcp_bus_answers_routed_total', 'Answers and notifications published to the replica holding the stream.'),
      received: metrics.counter('mcp_bus_answers_received_total', 'Answers received from other replicas for streams held here.'),
      controls: metrics.counter('mcp_bus_controls_published_total', 'Cancel and stream-closed messages published to every replica.'),
      failures: metrics.counter('mcp_bus_redis_failures_total', 'Redis commands that failed (the bus refuses or drops instead of queueing).'),
    };
    metrics.gauge('mcp_bus_redis_up', '1 while both Redis connections are ready, else 0.', () => (this.options.connections.ready ? 1 : 0));
    metrics.gauge('mcp_bus_sessions_held', 'Sessions whose stream this replica holds and keeps registered in Redis.', () => this.sinks.size);
  }

  attach(sessionId: string, sink: StreamSink): void {
    this.sinks.set(sessionId, sink);
    const { commands } = this.options.connections;
    // If Redis is down the next refresh after it returns registers the session.
    commands.set(this.names.session(sessionId), this.processId, 'PX', this.options.sessionTtlMs).catch((error: Error) => this.failed('register', error));
  }

  detach(sessionId: string): void {
    if (!this.sinks.delete(sessionId)) return;
    this.options.calls.abortScope(sessionId);
    // A failed DEL leaves the key to expire within SESSION_TTL_MS; answers sent to it meanwhile are dropped here.
    this.options.connections.commands.del(this.names.session(sessionId)).catch((error: Error) => this.failed('unregister', error));
    this.publishControl({ t: 'closed', s: sessionId, from: this.processId });
  }

  locate(sessionId: string): Location | Promise<Location> {
    // The common single-replica path: no Redis round trip for a stream held here.
    if (this.sinks.has(sessionId)) return 'here';
    const at = this.seen.get(sessionId);
    // Only while Redis is reachable: with it down a routed call would be accepted and its answer lost.
    if (at !== undefined && this.options.connections.ready && performance.now() - at < this.seenForMs) return 'elsewhere';
    return this.lookUp(sessionId);
  }

  deliver(sessionId: string, message: object): void {
    const sink = this.sinks.get(sessionId);
    if (sink) return sink(message);
    const payload = JSON.stringify({ s: sessionId, m: message });
    this.counts.routed.inc();
    this.route(this.names.session(sessionId), this.names.inboxPrefix, payload).then(
      (receivers) => {
        if (receivers <= 0) this.options.logger.debug({ receivers }, 'answer for a session whose stream is gone: dropped');
      },
      (error: Error) => this.failed('deliver', error),
    );
  }

  cancel(sessionId: string, requestId: RequestId): void {
    const { calls } = this.options;
    // The hub may post the cancel to any replica: tell them all unless the call runs here.
    if (calls.has(sessionId, requestId)) calls.cancel(sessionId, requestId);
    else this.publishControl({ t: 'cancel', s: sessionId, r: requestId, from: this.processId });
  }

  /** Both connections up, or `timeoutMs` passed (Redis down at startup: serve what needs no Redis). */
  ready(timeoutMs = 5_000): Promise<void> {
    const { commands, subscriber } = this.options.connections;
    return new Promise((resolve) => {
      const check = () => {
        if (!this.options.connections.ready) return;
        clearTimeout(timer);
        commands.off('ready', check);
        subscriber.off('ready', check);
        resolve();
      };
      const timer = setTimeout(() => {
        commands.off('ready', check);
        subscriber.off('ready', check);
        resolve();
      }, timeoutMs);
      commands.on('ready', check);
      subscriber.on('ready', check);
      check();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    const { connections } = this.options;
    if (connections.ready && this.sinks.size > 0) {
      const pipeline = connections.commands.pipeline();
      for (const sessionId of this.sinks.keys()) pipeline.del(this.names.session(sessionId));
      await pipeline.exec().catch((error: Error) => this.failed('unregister', error));
    }
    this.sinks.clear();
    await connections.close();
  }

  private async lookUp(sessionId: string): Promise<Location> {
    let holder: string | null;
    try {
      holder = await this.options.connections.commands.get(this.names.session(sessionId));
    } catch (error) {
      throw new BusUnavailableError(`redis: cannot look up the session (${(error as Error).message})`, { cause: error });
    }
    // Our own id on a key we no longer hold: a stream closed while Redis was down; the key is stale.
    if (holder === null || holder === this.processId) {
      this.seen.delete(sessionId);
      return 'gone';
    }
    if (this.seen.size >= SEEN_MAX) this.seen.delete(this.seen.keys().next().value as string);
    this.seen.delete(sessionId);
    this.seen.set(sessionId, performance.now());
    return 'elsewhere';
  }

  /** One pipeline per tick for every session held here: SET (not EXPIRE) also re-creates lost keys. */
  private refresh(): void {
    const { connections, sessionTtlMs } = this.options;
    const stale = performance.now() - this.seenForMs;
    for (const [sessionId, at] of this.seen) if (at < stale) this.seen.delete(sessionId);
    if (this.closed || this.sinks.size === 0 || !connections.ready) return;
    const pipeline = connections.commands.pipeline();
    for (const sessionId of this.sinks.keys()) pipeline.set(this.names.session(sessionId), this.processId, 'PX', sessionTtlMs);
    pipeline.exec().catch((error: Error) => this.failed('refresh', error));
  }

  private publishControl(control: Control): void {
    this.counts.controls.inc();
    this.options.connections.commands.publish(this.names.control, JSON.stringify(control)).catch((error: Error) => this.failed('control', error));
  }

  private receive(channel: string, text: string): void {
    if (channel === this.inbox) {
      const delivery = parseDelivery(text);
      if (!delivery) return;
      this.counts.received.inc();
      this.sinks.get(delivery.s)?.(delivery.m);
      return;
    }
    const control = channel === this.names.control ? parseControl(text) : undefined;
    if (!control || control.from === this.processId) return;
    if (control.t === 'cancel') return this.options.calls.cancel(control.s, control.r);
    this.seen.delete(control.s);
    this.options.calls.abortScope(control.s);
  }

  /** Redis being down is reported once by the connections and by /health; each failure is only debug. */
  private failed(what: string, error: Error): void {
    this.counts.failures.inc();
    if (!this.closed) this.options.logger.debug({ err: error.message, what }, 'redis command failed');
  }
}
