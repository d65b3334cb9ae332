// Shutdown of a cluster: the workers drain together. A worker whose own calls are done keeps its streams
// open until every worker says the same, so a call that another worker runs for one of those streams
// can still deliver its answer (closing the stream first would abort it). Bounded by the grace period.

/** Worker → primary: my calls are done. Primary → workers: everyone's are. */
export type DrainMessage = { drain: 'done' } | { drain: 'all' };

const isDrain = (value: unknown): value is DrainMessage =>
  typeof value === 'object' && value !== null && 'drain' in value;

interface Channel {
  readonly connected: boolean;
  send(message: DrainMessage, callback: (error: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** In a worker: resolves when every worker has drained, or after `timeoutMs`. */
export function waitForOtherWorkers(timeoutMs: number, primary: Channel = process as unknown as Channel): Promise<void> {
  return new Promise((resolve) => {
    if (!primary.connected) return resolve();
    const done = () => {
      clearTimeout(timer);
      primary.off('message', listener);
      resolve();
    };
    const listener = (message: unknown) => {
      if (isDrain(message) && message.drain === 'all') done();
    };
    const timer = setTimeout(done, timeoutMs);
    primary.on('message', listener);
    primary.send({ drain: 'done' }, (error) => (error ? done() : undefined));
  });
}

/** A worker as the barrier sees it (node:cluster's Worker). */
interface DrainingWorker {
  send(message: DrainMessage, callback: (error: Error | null) => void): unknown;
  isConnected(): boolean;
}

/** In the primary: tells every worker once all live workers have drained. */
export class DrainBarrier {
  private readonly done = new Set<object>();

  constructor(private readonly live: ReadonlySet<DrainingWorker>) {}

  /** A message from `worker`; returns true when it was the barrier's. */
  receive(worker: DrainingWorker, message: unknown): boolean {
    if (!isDrain(message)) return false;
    this.done.add(worker);
    this.check();
    return true;
  }

  /** A worker exited: it no longer holds the others back. */
  check(): void {
    if (this.live.size === 0) return;
    for (const worker of this.live) if (!this.done.has(worker)) return;
    // With a callback: a worker exiting at this moment can still look connected while its channel is
    // gone (EPIPE); without one, Node emits that as an 'error' on the Worker, and the primary died of it.
    for (const worker of this.live) if (worker.isConnected()) worker.send({ drain: 'all' }, () => undefined);
  }
}
