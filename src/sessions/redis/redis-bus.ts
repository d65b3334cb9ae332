// Sessions routed between replicas over Redis. The replica that receives a POST runs the call
// with that POST's credentials; only the JSON-RPC answer travels, on the holder's inbox channel, and
// cancel/closed travel on one control channel. A registry key per live session, refreshed by its holder,
// and a heartbeat per replica let any replica tell, before a call runs, whether the session's holder is
// there to read its answer (./locator.ts): 404 for a session gone, 503 while that cannot be told yet.
// Faults beyond up and down: while this replica's commands fail (time-outs in a partition, OOM,
// READONLY) it trusts no cached route and refuses routed POSTs at once; an answer that finds no holder
// listening is parked for it, and one Redis did not take is held and sent again (./outbox.ts).
// Also announcements on the control channel; single-use claims and records are ./records.ts's.
import { randomBytes } from 'node:crypto';
import { sessionTag, type Logger } from '../../logger';
import type { RequestId } from '../../protocol/jsonrpc';
import { Announcements } from '../announcements';
import { SerializedMessage, type AnnouncementListener, type Location, type SessionBus, type StreamSink } from '../bus';
import type { Metrics } from '../../telemetry';
import type { CallTracker } from '../calls';
import { busCounts, NO_COUNTS, type BusCounts } from './bus-counts';
import { COMMAND_TIMEOUT_MS, readyAtStartup, REDIS_STARTUP_WAIT_MS, type RedisConnections } from './connections';
import { Locator } from './locator';
import { Outbox } from './outbox';
import { ParkedAnswers } from './parked';
import { RedisRecords } from './records';
import { HEARTBEAT_TTL_MS, Registrar } from './registrar';
import { scriptCommands, type ClaimCommand } from './scripts';
import { HOLDER_LEVEL, parseControl, parseDelivery, redisNames, type Control, type RedisNames } from './wire';

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

export class RedisBus implements SessionBus {
  /** This process in the registry: pid for people reading Redis, random bytes so restarts never collide. */
  readonly processId = `${process.pid}.${randomBytes(6).toString('hex')}`;
  /** The registry value: the process id and its level (formats it reads, a heartbeat). Its inbox is named after it. */
  private readonly holder = `${this.processId}${HOLDER_LEVEL}`;
  private readonly sinks = new Map<string, StreamSink>();
  /** Where sessions held elsewhere are, and whether their holder is alive. */
  private readonly locator: Locator;
  private readonly names: RedisNames;
  private readonly inbox: string;
  private readonly registrar: Registrar;
  private readonly outbox: Outbox;
  private readonly parked: ParkedAnswers;
  private readonly claim: ClaimCommand;
  /** Settles once Redis has confirmed the subscription to this process's inbox and the control channel. */
  private readonly subscribed: Promise<unknown>;
  private readonly announcements = new Announcements();
  /** Records and single-use claims (./records.ts). */
  private readonly records: RedisRecords;
  private closed = false;
  /** Counted for /metrics once instrument() is called; no-ops until then. */
  private counts: BusCounts = NO_COUNTS;

  constructor(private readonly options: RedisBusOptions) {
    const { connections, prefix } = options;
    this.names = redisNames(prefix);
    this.inbox = `${this.names.inboxPrefix}${this.holder}`;
    const scripts = scriptCommands(connections.commands);
    this.claim = scripts.claim;
    connections.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    this.subscribed = connections.subscriber.subscribe(this.inbox, this.names.control).catch((error: Error) => this.failed('subscribe', error));
    const failed = (what: string, error: Error) => this.failed(what, error);
    this.locator = new Locator({ ...options, names: this.names, holder: this.holder, locate: scripts.locate, failed });
    this.outbox = new Outbox({
      ...options,
      names: this.names,
      route: scripts.route,
      processId: this.processId,
      counts: () => this.counts,
      notListening: (sessionId) => this.locator.forget(sessionId),
      failed,
      closing: () => this.closed,
    });
    this.parked = new ParkedAnswers({
      names: this.names,
      ack: scripts.ack,
      // A claim's reply is handled within its time-out or not at all; five times that covers a stalled event loop.
      rememberMs: Math.min(options.sessionTtlMs, 5 * COMMAND_TIMEOUT_MS),
      claimed: () => this.counts.claimed.inc(),
      dropped: (sessionId, why) => this.outbox.dropped(sessionId, why),
      failed,
    });
    this.records = new RedisRecords(connections, this.names, failed);
    this.registrar = new Registrar({
      ...options,
      names: this.names,
      processId: this.processId,
      holder: this.holder,
      held: () => this.sinks.keys(),
      collected: (sessionId, parked) => this.collected(sessionId, parked),
      failed,
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
    const { names, processId, holder, options } = this;
    // If Redis is down the next refresh after it returns registers the session. The heartbeat goes first,
    // in the same round trip: a key is never announced without a fresh heartbeat beside it.
    const registered = commands
      .pipeline()
      .set(names.replica(processId), holder, 'PX', HEARTBEAT_TTL_MS)
      .set(names.session(sessionId), holder, 'PX', options.sessionTtlMs)
      .exec()
      .then(
        (results) => {
          const error = results?.find(([failure]) => failure)?.[0];
          if (error) this.failed('register', error);
        },
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
    this.parked.forget(sessionId);
    this.options.calls.abortScope(sessionId);
    // A failed DEL leaves the key to expire within SESSION_TTL_MS; answers sent to it meanwhile are dropped here.
    this.options.connections.commands.del(this.names.session(sessionId)).catch((error: Error) => this.failed('unregister', error));
    this.publishControl({ t: 'closed', s: sessionId, from: this.processId });
  }

  locate(sessionId: string): Location | Promise<Location> {
    // The common single-replica path: no Redis round trip for a stream held here.
    if (this.sinks.has(sessionId)) return 'here';
    return this.locator.locate(sessionId);
  }

  deliver(sessionId: string, message: object): void {
    const sink = this.sinks.get(sessionId);
    if (sink) return sink(message);
    this.counts.routed.inc();
    this.outbox.send(sessionId, JSON.stringify(message));
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
  async ready(timeoutMs = REDIS_STARTUP_WAIT_MS): Promise<void> {
    const { connections, logger } = this.options;
    const started = performance.now();
    await readyAtStartup(connections, logger, timeoutMs);
    if (!connections.ready) return this.locator.listeningWithoutRedis();
    // Streams are announced once their holder can be heard and vouched for: another replica's look-up
    // finds the subscription and the heartbeat (./locator.ts).
    let timer: NodeJS.Timeout | undefined;
    const left = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, timeoutMs - (performance.now() - started)))));
    await Promise.race([Promise.all([this.subscribed, this.registrar.firstBeat]), left]);
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.registrar.stop();
    const { connections } = this.options;
    if (connections.ready) {
      // Its heartbeat too: its sessions (if any are left) are gone at once for every replica.
      const pipeline = connections.commands.pipeline().del(this.names.replica(this.processId));
      for (const sessionId of this.sinks.keys()) pipeline.del(this.names.session(sessionId));
      await pipeline.exec().catch((error: Error) => this.failed('unregister', error));
    }
    this.sinks.clear();
    await connections.close();
  }

  /** Parked answers for a session held here, oldest first, written on its stream (./parked.ts). */
  private collected(sessionId: string, parked: unknown): void {
    this.parked.collected(sessionId, parked, this.sinks.get(sessionId));
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
      if (!sink) return this.outbox.dropped(delivery.s, 'its stream is no longer held here', 'info');
      this.counts.received.inc();
      sink(delivery.json === undefined ? delivery.m : new SerializedMessage(delivery.json));
      return;
    }
    const control = channel === this.names.control ? parseControl(text) : undefined;
    if (!control || control.from === this.processId) return;
    if (control.t === 'announce') return this.announcements.heard(control.n, control.k, control.v);
    if (control.t === 'cancel') return this.options.calls.cancel(control.s, control.r);
    if (control.t === 'parked') return this.collectOne(control.s);
    this.locator.forget(control.s);
    this.options.calls.abortScope(control.s);
  }

  /** An answer for a session held here was parked (its key had expired): register it and collect at once. */
  private collectOne(sessionId: string): void {
    if (!this.sinks.has(sessionId)) return;
    const { names, holder, options } = this;
    this.claim(names.session(sessionId), names.parked(sessionId), holder, options.sessionTtlMs).then(
      (parked) => this.collected(sessionId, parked),
      (error: Error) => this.failed('collect', error),
    );
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
