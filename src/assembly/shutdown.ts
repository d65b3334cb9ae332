// A graceful shutdown: stop accepting, let in-flight calls finish within the grace period, stop the rest
// with a sentence to try again, then end the streams and close every connection and client.
import type { Server } from 'node:http';
import { ServerStopping } from '../call-signal';
import type { Logger } from '../logger';
import type { CallTracker } from '../sessions';

/** After the grace: how long stopped calls get to write their answers (their upstream requests are aborted). */
const STOPPED_CALLS_WAIT_MS = 1_000;

export interface ShutdownParts {
  http: Server;
  calls: CallTracker;
  streams: { readonly size: number; closeAll(): void };
  logger: Logger;
  graceMs: number;
  /** Called first: from then on the lanes refuse new work with 503. */
  startDraining: () => void;
  /** Waits (at most its argument, in ms) for the other workers of a cluster, whose calls may answer on streams held here. */
  afterDrain?: (timeoutMs: number) => Promise<void>;
  /** Before the streams end: write what is still buffered (the refusal log's counts). */
  flush: () => void;
  /** After the HTTP server has closed: the clients and pools. */
  close: () => Promise<unknown>;
}

export async function shutDown({ http, calls, streams, logger, graceMs, startDraining, afterDrain, flush, close }: ShutdownParts): Promise<void> {
  startDraining();
  const deadline = Date.now() + graceMs;
  const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
  http.closeIdleConnections();
  const drained = await calls.drained(graceMs);
  const abandoned = calls.size;
  if (!drained) {
    // The grace ran out: every call still running here is stopped and answered with a sentence to try
    // again (a routed call's stream is held by a process that may stay), then the streams close.
    calls.abortAll(new ServerStopping());
    await calls.drained(STOPPED_CALLS_WAIT_MS);
  }
  await afterDrain?.(Math.max(0, deadline - Date.now()));
  flush();
  logger.info({ drained, abandoned, stillRunning: calls.size, streams: streams.size }, 'shutting down');
  streams.closeAll();
  http.closeAllConnections();
  await stopped;
  await close();
}
