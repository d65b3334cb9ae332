// A worker's session bus without Redis (WORKERS>1): the primary keeps sessionId → worker and relays
// answers and control messages, holds single-use claims and records, and relays announcements. Streams held by this
// worker are found without asking the primary.
import { Announcements } from '../sessions/announcements';
import { BusUnavailableError, type AnnouncementListener, type Location, type SessionBus, type StreamSink } from '../sessions/bus';
import type { CallTracker } from '../sessions/calls';
import type { RequestId } from '../protocol/jsonrpc';
import { isBusMessage, type PrimaryMessage, type WorkerMessage } from './messages';
import { Outbox } from './outbox';

/** The IPC channel to the primary: `process` in a worker. */
export interface PrimaryChannel {
  readonly connected: boolean;
  send(message: WorkerMessage, callback: (error: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

const PRIMARY = 'primary';

/** Sessions known to be held by another worker, at most; beyond, the list starts afresh (only a cache). */
const MAX_KNOWN_ELSEWHERE = 50_000;

export class ClusterBus implements SessionBus {
  private readonly sinks = new Map<string, StreamSink>();
  /**
   * Sessions the primary said another worker holds: their next POSTs skip the round trip to the primary
   * (a routed call then costs one relayed answer). Forgotten when the primary says the stream closed,
   * which it does for every detach and for every session of a worker that exits.
   */
  private readonly elsewhere = new Set<string>();
  /** Answers for streams held elsewhere, sent to the primary together once per turn of the event loop. */
  private readonly outbox = new Outbox<typeof PRIMARY>((_to, deliveries) => this.send(deliveries));
  /** Questions to the primary (locate, claim) waiting for its answer. */
  private readonly queries = new Map<number, (answer: unknown) => void>();
  private readonly announcements = new Announcements();
  /** Streams waiting for the primary to confirm it knows where they are held. */
  private readonly attaching = new Map<string, () => void>();
  private nextQuery = 0;
  private readonly listener = (message: unknown) => {
    if (isBusMessage<PrimaryMessage>(message)) this.receive(message);
  };

  constructor(
    private readonly calls: CallTracker,
    private readonly primary: PrimaryChannel = process as unknown as PrimaryChannel,
    /** A locate the primary leaves unanswered this long is refused with 503. */
    private readonly locateTimeoutMs = 2_000,
  ) {
    primary.on('message', this.listener);
  }

  /**
   * Resolves once the primary has recorded the session (or after locateTimeoutMs): the primary reads the
   * workers' channels in no set order, so another worker's locate could otherwise overtake this attach.
   */
  attach(sessionId: string, sink: StreamSink): Promise<void> {
    this.sinks.set(sessionId, sink);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => settle(), this.locateTimeoutMs);
      const settle = () => {
        clearTimeout(timer);
        this.attaching.delete(sessionId);
        resolve();
      };
      this.attaching.set(sessionId, settle);
      this.send({ bus: 'attach', s: sessionId }, settle);
    });
  }

  detach(sessionId: string): void {
    if (!this.sinks.delete(sessionId)) return;
    this.calls.abortScope(sessionId);
    this.send({ bus: 'detach', s: sessionId });
  }

  locate(sessionId: string): Location | Promise<Location> {
    if (this.sinks.has(sessionId)) return 'here';
    if (this.elsewhere.has(sessionId)) return 'elsewhere';
    return this.ask((q) => ({ bus: 'locate', s: sessionId, q })).then((found) => {
      if (found) this.knowElsewhere(sessionId);
      return found ? 'elsewhere' : 'gone';
    });
  }

  /** The primary holds the claims of every worker: one IPC round trip, only for a call that carries a state. */
  claimOnce(key: string, ttlMs: number): Promise<boolean> {
    return this.ask((q) => ({ bus: 'claim', k: key, ttl: ttlMs, q }));
  }

  /** Records live in the primary (it outlives any worker): one IPC round trip each. */
  putRecord(key: string, value: string, ttlMs: number): Promise<void> {
    return this.ask<string | null>((q) => ({ bus: 'put', k: key, v: value, ttl: ttlMs, q })).then(() => undefined);
  }

  getRecord(key: string): Promise<string | undefined> {
    return this.ask<string | null>((q) => ({ bus: 'get', k: key, q })).then((value) => value ?? undefined);
  }

  announce(topic: string, key: string, value: string): void {
    this.send({ bus: 'announce', n: topic, k: key, v: value });
  }

  onAnnouncement(topic: string, listener: AnnouncementListener): void {
    this.announcements.on(topic, listener);
  }

  /** One question to the primary; rejects with BusUnavailableError when it is gone or silent for locateTimeoutMs. */
  private ask<T = boolean>(question: (q: number) => WorkerMessage): Promise<T> {
    if (!this.primary.connected) return Promise.reject(new BusUnavailableError('cluster: the primary is gone'));
    const q = (this.nextQuery = (this.nextQuery + 1) % Number.MAX_SAFE_INTEGER);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => settle(new BusUnavailableError('cluster: the primary did not answer')), this.locateTimeoutMs);
      const settle = (answer: unknown) => {
        clearTimeout(timer);
        this.queries.delete(q);
        if (answer instanceof Error) reject(answer);
        else resolve(answer as T);
      };
      this.queries.set(q, settle);
      this.send(question(q), (error) => settle(new BusUnavailableError(`cluster: ${error.message}`)));
    });
  }

  deliver(sessionId: string, message: object): void {
    const sink = this.sinks.get(sessionId);
    if (sink) sink(message);
    else this.outbox.add(PRIMARY, sessionId, message);
  }

  cancel(sessionId: string, requestId: RequestId): void {
    if (this.calls.has(sessionId, requestId)) this.calls.cancel(sessionId, requestId);
    else this.send({ bus: 'cancel', s: sessionId, r: requestId });
  }

  async close(): Promise<void> {
    this.outbox.flush();
    this.primary.off('message', this.listener);
    for (const settle of [...this.queries.values()]) settle(new BusUnavailableError('cluster: shutting down'));
    for (const settle of [...this.attaching.values()]) settle();
    this.sinks.clear();
  }

  private receive(message: PrimaryMessage): void {
    switch (message.bus) {
      case 'located':
        return this.queries.get(message.q)?.(message.found);
      case 'claimed':
        return this.queries.get(message.q)?.(message.ok);
      case 'record':
        return this.queries.get(message.q)?.(message.v);
      case 'announce':
        return this.announcements.heard(message.n, message.k, message.v);
      case 'attached':
        return this.attaching.get(message.s)?.();
      case 'ready':
        return; // for /health (./readiness.ts)
      case 'deliver':
        for (const [sessionId, answer] of message.d) this.sinks.get(sessionId)?.(answer);
        return;
      case 'cancel':
        return this.calls.cancel(message.s, message.r);
      case 'closed':
        this.elsewhere.delete(message.s);
        return this.calls.abortScope(message.s);
    }
  }

  private knowElsewhere(sessionId: string): void {
    if (this.elsewhere.size >= MAX_KNOWN_ELSEWHERE) this.elsewhere.clear();
    this.elsewhere.add(sessionId);
  }

  /** Best effort, like a publish: a primary that is gone cannot route anything anyway. */
  private send(message: WorkerMessage, onError?: (error: Error) => void): void {
    if (!this.primary.connected) return onError?.(new Error('the primary is gone'));
    this.primary.send(message, (error) => {
      if (error) onError?.(error);
    });
  }
}
