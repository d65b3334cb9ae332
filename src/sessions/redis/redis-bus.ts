// Sessions routed between replicas over Redis (issue 9). The replica that receives a POST runs the call
// with that POST's credentials; only the JSON-RPC answer travels, on the holder's inbox channel, and
// cancel/closed travel on one control channel. A registry key per live session, refreshed by its holder
// in one pipeline per tick, lets any replica answer 404 for a session that no longer exists: a replica
// that dies stops being a route within SESSION_TTL_MS (plus at most 1 s for which another replica
// remembers having seen the session: a burst of calls for one session costs one GET).
// Faults beyond up and down (issue 20): while this replica's commands fail (time-outs in a partition, OOM,
// READONLY) it trusts no cached route and refuses routed POSTs at once; an answer that finds no holder
// (its key expired while Redis was out of reach) is parked for the holder to collect when it re-registers.
// Also announcements on the control channel; single-use claims and records are ./records.ts's.
import { randomBytes } from 'node:crypto';
import { sessionTag, type Logger } from '../../logger';
import type { RequestId } from '../../protocol/jsonrpc';
import { Announcements } from '../announcements';
import { BusUnavailableError, SerializedMessage, type AnnouncementListener, type Location, type SessionBus, type StreamSink } from '../bus';
import type { Metrics } from '../../telemetry';
import type { CallTracker } from '../calls';
import { busCounts, NO_COUNTS, type BusCounts } from './bus-counts';
import { readyAtStartup, REDIS_STARTUP_WAIT_MS, type RedisConnections } from './connections';
import { HeldAnswers, refusedOutright } from './held-answers';
import { RedisRecords } from './records';
import { SeenRoutes } from './seen-routes';
import { Registrar } from './registrar';
import { parseControl, parseDelivery, READS_FORMATS, redisNames, scriptCommands, type ClaimCommand, type Control, type RedisNames, type RouteCommand } from './wire';

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
/** Answers refused by Redis that wait for it to take writes again, at most (issue 20). */
const HELD_MAX = 1_000;

export class RedisBus implements SessionBus {
  /** This process in the registry: pid for people reading Redis, random bytes so restarts never collide. */
  readonly processId = `${process.pid}.${randomBytes(6).toString('hex')}`;
  /** The registry value: the process id and the delivery formats it reads. Its inbox is named after it. */
  private readonly holder = `${this.processId}${READS_FORMATS}`;
  private readonly sinks = new Map<string, StreamSink>();
  /** Sessions held elsewhere, as last seen; forgotten on their `closed` message or after a while. */
  private readonly seen: SeenRoutes;
  private readonly names: RedisNames;
  private readonly inbox: string;
  private readonly registrar: Registrar;
  private readonly held: HeldAnswers;
  private readonly route: RouteCommand;
  private readonly claim: ClaimCommand;
  private readonly announcements = new Announcements();
  /** Records and single-use claims (./records.ts). */
  private readonly records: RedisRecords;
  private closed = false;
  /** Counted for /metrics once instrument() is called; no-ops until then. */
  private counts: BusCounts = NO_COUNTS;

  constructor(private readonly options: RedisBusOptions) {
    const { connections, prefix, refreshMs } = options;
    this.names = redisNames(prefix);
    // A SIGKILLed holder sends no `closed`: a cached sighting adds at most this to the TTL bound.
    this.seen = new SeenRoutes(Math.min(refreshMs, 1_000), SEEN_MAX);
    this.inbox = `${this.names.inboxPrefix}${this.holder}`;
    ({ route: this.route, claim: this.claim } = scriptCommands(connections.commands));
    connections.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    connections.subscriber.subscribe(this.inbox, this.names.control).catch((error: Error) => this.failed('subscribe', error));
    this.held = new HeldAnswers(HELD_MAX, options.sessionTtlMs);
    this.records = new RedisRecords(connections, this.names, (what, error) => this.failed(what, error));
    connections.status.onRecovered(() => this.resend());
    this.registrar = new Registrar({
      ...options,
      names: this.names,
      processId: this.processId,
      holder: this.holder,
      held: () => this.sinks.keys(),
      collected: (sessionId, parked) => this.collected(sessionId, parked),
      failed: (what, error) => this.failed(what, error),
    });
  }

  instrument(metrics: Metrics): void {
    this.counts = busCounts(metrics);
    const { connections } = this.options;
    metrics.gauge('mcp_bus_redis_up', '1 while both Redis connections are ready and commands succeed, else 0.', () =>
      connections.ready && connections.status.failing === undefined ? 1 : 0,
    );
    metrics.gauge('mcp_bus_sessions_held', 'Sessions whose stream this replica holds and keeps registered in Redis.', () => this.sinks.size);
  }

  attach(sessionId: string, sink: StreamSink): Promise<void> | undefined {
    this.sinks.set(sessionId, sink);
    const { commands, status } = this.options.connections;
    // If Redis is down the next refresh after it returns registers the session.
    const registered = commands.set(this.names.session(sessionId), this.holder, 'PX', this.options.sessionTtlMs).then(
      () => undefined,
      (error: Error) => this.failed('register', error),
    );
    // Redis runs commands in the order it reads them, not the order they were sent from different
    // replicas: a GET from another replica can run before this SET although the client saw the endpoint
    // event first (measured under load: about 1 in 300 POSTs to another replica right after a stream
    // opened got 404). So the stream announces itself once Redis has the key. While commands fail, routed
    // POSTs get 503 anyway: no wait for a time-out.
    return status.failing === undefined ? registered : undefined;
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
    const { connections } = this.options;
    // Refused at once (issue 20): a cached route would accept a call whose answer has no way back, and a
    // GET would hold the POST for the command time-out.
    const failing = connections.status.failing;
    if (failing !== undefined) return Promise.reject(new BusUnavailableError(`redis: commands failing (${failing})`));
    // Only while Redis is reachable: with it down a routed call would be accepted and its answer lost.
    if (connections.ready && this.seen.fresh(sessionId)) return 'elsewhere';
    return this.lookUp(sessionId);
  }

  deliver(sessionId: string, message: object): void {
    const sink = this.sinks.get(sessionId);
    if (sink) return sink(message);
    this.counts.routed.inc();
    this.send(sessionId, JSON.stringify(message), performance.now());
  }

  private send(sessionId: string, json: string, at: number): void {
    const { names, options } = this;
    this.route(names.session(sessionId), names.parked(sessionId), names.inboxPrefix, sessionId, json, options.sessionTtlMs, names.control, this.processId).then(
      (receivers) => {
        if (receivers < 0) this.counts.parked.inc();
        // Registered but not subscribed: the holder's subscriber is reconnecting, or it died within its TTL.
        else if (receivers === 0) this.dropped(sessionId, 'the holder was not listening');
      },
      (error: Error) => {
        this.failed('deliver', error);
        if (refusedOutright(error)) {
          if (!this.held.hold({ sessionId, json, at })) this.dropped(sessionId, `redis: ${error.message}; ${HELD_MAX} answers already wait`);
          return;
        }
        // Timed out: the command may still be on its way (a partition holds it), and runs at the heal.
        if (!error.message.includes('timed out')) return this.dropped(sessionId, `redis: ${error.message}`);
        this.counts.unconfirmed.inc();
        this.options.logger.warn({ session: sessionTag(sessionId) }, 'routed answer unconfirmed: redis did not answer in time; it arrives only if redis runs it later');
      },
    );
  }

  /** Redis takes writes again: the answers it refused meanwhile go now, unless too old. */
  private resend(): void {
    const { fresh, stale } = this.held.take();
    for (const answer of stale) this.dropped(answer.sessionId, 'redis refused it for longer than SESSION_TTL_MS');
    for (const answer of fresh) this.send(answer.sessionId, answer.json, answer.at);
  }

  cancel(sessionId: string, requestId: RequestId): void {
    const { calls } = this.options;
    // The hub may post the cancel to any replica: tell them all unless the call runs here.
    if (calls.has(sessionId, requestId)) calls.cancel(sessionId, requestId);
    else this.publishControl({ t: 'cancel', s: sessionId, r: requestId, from: this.processId });
  }

  claimOnce(key: string, ttlMs: number): Promise<boolean> {
    return this.records.claimOnce(key, ttlMs);
  }

  putRecord(key: string, value: string, ttlMs: number): Promise<void> {
    return this.records.putRecord(key, value, ttlMs);
  }

  getRecord(key: string): Promise<string | undefined> {
    return this.records.getRecord(key);
  }

  /** On the control channel, which every replica reads (releases that do not know `announce` ignore it). */
  announce(topic: string, key: string, value: string): void {
    this.publishControl({ t: 'announce', n: topic, k: key, v: value, from: this.processId });
  }

  onAnnouncement(topic: string, listener: AnnouncementListener): void {
    this.announcements.on(topic, listener);
  }

  /** Both connections up, or `timeoutMs` passed: the server listens only after this (./connections.ts). */
  ready(timeoutMs = REDIS_STARTUP_WAIT_MS): Promise<void> {
    return readyAtStartup(this.options.connections, this.options.logger, timeoutMs);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.registrar.stop();
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
      this.failed('look up', error as Error);
      throw new BusUnavailableError(`redis: cannot look up the session (${(error as Error).message})`, { cause: error });
    }
    // Our own id on a key we no longer hold: a stream closed while Redis was down; the key is stale.
    if (holder === null || holder === this.holder) {
      this.seen.forget(sessionId);
      return 'gone';
    }
    this.seen.saw(sessionId);
    return 'elsewhere';
  }

  /** Parked answers for a session held here, oldest first, written on its stream. */
  private collected(sessionId: string, parked: unknown): void {
    if (!Array.isArray(parked) || parked.length === 0) return;
    const sink = this.sinks.get(sessionId);
    for (const json of parked) {
      const delivery = typeof json === 'string' ? parseDelivery(`${sessionId} ${json}`) : undefined;
      if (!sink || delivery?.json === undefined) {
        this.dropped(sessionId, 'a parked answer could not be written');
        continue;
      }
      this.counts.claimed.inc();
      sink(new SerializedMessage(delivery.json));
    }
  }

  private publishControl(control: Control): void {
    this.counts.controls.inc();
    this.options.connections.commands.publish(this.names.control, JSON.stringify(control)).catch((error: Error) => this.failed('control', error));
  }

  private receive(channel: string, text: string): void {
    if (channel === this.inbox) {
      const delivery = parseDelivery(text);
      if (!delivery) return this.options.logger.debug({ channel }, 'malformed delivery on the inbox: ignored');
      const sink = this.sinks.get(delivery.s);
      // The stream closed while the call ran elsewhere: its client has gone, so info rather than warn.
      if (!sink) return this.dropped(delivery.s, 'its stream is no longer held here', 'info');
      this.counts.received.inc();
      sink(delivery.json === undefined ? delivery.m : new SerializedMessage(delivery.json));
      return;
    }
    const control = channel === this.names.control ? parseControl(text) : undefined;
    if (!control || control.from === this.processId) return;
    if (control.t === 'announce') return this.announcements.heard(control.n, control.k, control.v);
    if (control.t === 'cancel') return this.options.calls.cancel(control.s, control.r);
    if (control.t === 'parked') return this.collectOne(control.s);
    this.seen.forget(control.s);
    this.options.calls.abortScope(control.s);
  }

  /** An answer for a session held here was parked (its key had expired): register it and collect. */
  private collectOne(sessionId: string): void {
    if (!this.sinks.has(sessionId)) return;
    const { names, holder, options } = this;
    this.claim(names.session(sessionId), names.parked(sessionId), holder, options.sessionTtlMs).then(
      (parked) => this.collected(sessionId, parked),
      (error: Error) => this.failed('collect', error),
    );
  }

  /** Counted and logged (issue 20): the client of that call never gets its answer. */
  private dropped(sessionId: string, why: string, level: 'warn' | 'info' = 'warn'): void {
    this.counts.dropped.inc();
    if (!this.closed) this.options.logger[level]({ session: sessionTag(sessionId), why }, 'routed answer dropped');
  }

  /** Each failure is debug; RedisStatus logs once when commands start failing and once when they recover. */
  private failed(what: string, error: Error): void {
    this.counts.failures.inc();
    if (this.closed) return;
    this.options.connections.status.failed(what, error);
    this.registrar.startProbing();
    this.options.logger.debug({ err: error.message, what }, 'redis command failed');
  }
}
