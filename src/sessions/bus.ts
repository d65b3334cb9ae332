// Where a session's answers go (DESIGN: "Where an answer goes is a bus"). The process that receives a
// POST runs the call itself, with that POST's credentials; only answers and control messages (cancel,
// stream closed) travel between processes, never credentials. Implementations: memory (one process, the
// default), cluster (WORKERS>1 without Redis), Redis (REDIS_URL, replicas).
import type { RequestId } from '../mcp/core/jsonrpc';

/** Where the stream of a session is held. */
export type Location = 'here' | 'elsewhere' | 'gone';

/** Thrown (or rejected with) when the bus cannot route right now; the lane answers 503 with Retry-After. */
export class BusUnavailableError extends Error {
  override name = 'BusUnavailableError';
  readonly code = 'BUS_UNAVAILABLE';
}

/** Writes one JSON-RPC message on a stream held by this process. */
export type StreamSink = (message: object) => void;

export interface SessionBus {
  /** This process now holds the stream of `sessionId`; messages for it reach `sink`. */
  attach(sessionId: string, sink: StreamSink): void;
  /** The stream closed: forget it, and abort the session's calls wherever they run. */
  detach(sessionId: string): void;
  /** Where the stream is held. May reject with BusUnavailableError. */
  locate(sessionId: string): Location | Promise<Location>;
  /** Delivers an answer or notification to the session's stream, wherever it is held. Best effort. */
  deliver(sessionId: string, message: object): void;
  /** notifications/cancelled: aborts `requestId` of the session wherever it runs. */
  cancel(sessionId: string, requestId: RequestId): void;
  /** Stops routing; resolves once connections are closed. */
  close(): Promise<void>;
}
