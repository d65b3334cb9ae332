// Where a session's answers go (DESIGN: "Where an answer goes is a bus"). The process that receives a
// POST runs the call itself, with that POST's credentials; only answers and control messages (cancel,
// stream closed) travel between processes, never credentials. Implementations: memory (one process, the
// default), cluster (WORKERS>1 without Redis), Redis (REDIS_URL, replicas).
import type { RequestId } from '../protocol/jsonrpc';
import type { Metrics } from '../telemetry';

/** Where the stream of a session is held. */
export type Location = 'here' | 'elsewhere' | 'gone';

/** Thrown (or rejected with) when the bus cannot route right now; the lane answers 503 with Retry-After. */
export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
  readonly code = 'BUS_UNAVAILABLE';
  /**
   * Seconds for the lane's Retry-After: 2 while Redis cannot be reached or commands fail; 1 when Redis
   * answered but the session's holder has not confirmed it yet (it re-registers or reconnects within a second or two).
   */
  readonly retryAfterS: number;

  constructor(message: string, options: ErrorOptions & { retryAfterS?: number } = {}) {
    super(message, options);
    this.retryAfterS = options.retryAfterS ?? 2;
  }
}

/**
 * A JSON-RPC message already serialized (an answer routed over Redis in format 2): the stream
 * writes its text as it is instead of stringifying it again. The sender checked it has no line break.
 */
export class SerializedMessage {
  constructor(readonly json: string) {}
}

/** Writes one JSON-RPC message on a stream held by this process. */
export type StreamSink = (message: object | SerializedMessage) => void;

/** Hears what other processes announced on one topic (`announce`): a key and its new value. */
export type AnnouncementListener = (key: string, value: string) => void;

export interface SessionBus {
  /**
   * This process now holds the stream of `sessionId`; messages for it reach `sink`. A bus shared with
   * other processes returns a promise that settles once they can locate the session (never rejects):
   * the endpoint event waits for it, so a POST sent to another replica as soon as the client has the
   * endpoint finds the session.
   */
  attach(sessionId: string, sink: StreamSink): void | Promise<void>;
  /** The stream closed: forget it, and abort the session's calls wherever they run. */
  detach(sessionId: string): void;
  /** Where the stream is held. May reject with BusUnavailableError. */
  locate(sessionId: string): Location | Promise<Location>;
  /** Delivers an answer or notification to the session's stream, wherever it is held. Best effort. */
  deliver(sessionId: string, message: object): void;
  /** notifications/cancelled: aborts `requestId` of the session wherever it runs. */
  cancel(sessionId: string, requestId: RequestId): void;
  /**
   * Claims `key` once for every process sharing the bus, for `ttlMs`: true the first time, false while an
   * earlier claim holds (a 2026-07-28 `requestState` is used once, wherever it is presented). The key is
   * the caller's namespace and name (`state:<nonce>`), never a credential. Rejects with
   * BusUnavailableError when the bus cannot answer: a caller refuses rather than accept twice.
   */
  claimOnce(key: string, ttlMs: number): boolean | Promise<boolean>;
  /**
   * Writes a small JSON record under `key` for every process sharing the bus, kept `ttlMs` (a task's record,
   * an answer to its question: src/mcp/core/tasks). Never a credential. Rejects with BusUnavailableError
   * when the bus cannot take it: the writer keeps it and tries again.
   */
  putRecord(key: string, value: string, ttlMs: number): void | Promise<void>;
  /** The record under `key`, or undefined (never written, or expired). Rejects with BusUnavailableError. */
  getRecord(key: string): string | undefined | Promise<string | undefined>;
  /**
   * Tells every other process sharing the bus that `key` of `topic` is now `value` (a caller's log level).
   * Best effort, no reply: a process that is down, or starts later, does not hear it. Never a credential.
   */
  announce(topic: string, key: string, value: string): void;
  /** Hears what other processes announce on `topic` (not this process's own announcements). */
  onAnnouncement(topic: string, listener: AnnouncementListener): void;
  /**
   * Resolves once the bus can route (e.g. Redis connected), or after `timeoutMs`: the server listens
   * only then, so a stream opened at startup is registered at once. Optional: memory needs nothing.
   */
  ready?(timeoutMs?: number): Promise<void>;
  /** Registers the bus's own figures (routed answers, failures…) with the metrics; optional. */
  instrument?(metrics: Metrics): void;
  /** Stops routing; resolves once connections are closed. */
  close(): Promise<void>;
}
