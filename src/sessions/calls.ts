// The calls running in this process, by scope (a session id) and request id, and those answered in their
// own HTTP response, which nothing else can name (counted only): each has one CallSignal, so a
// cancellation, a closed stream or a departed client aborts the call and its upstream request. Also what
// graceful shutdown waits for.
import { CallSignal } from '../call-signal';
import type { RequestId } from '../protocol/jsonrpc';

export class CallTracker {
  private readonly scopes = new Map<string, Map<RequestId, CallSignal>>();
  /** Calls answered in their own HTTP response: nothing names them, but shutdown must reach them. */
  private readonly unnamed = new Set<CallSignal>();
  private count = 0;
  private waiters: Array<() => void> = [];

  /** Calls running now. */
  get size(): number {
    return this.count;
  }

  /** Registers a call; undefined when the scope already runs a request with this id. */
  begin(scope: string, id: RequestId): CallSignal | undefined {
    let calls = this.scopes.get(scope);
    if (calls === undefined) this.scopes.set(scope, (calls = new Map()));
    else if (calls.has(id)) return undefined;
    const signal = new CallSignal();
    calls.set(id, signal);
    this.count += 1;
    return signal;
  }

  /** The call is over (answered, or abandoned after an abort). */
  end(scope: string, id: RequestId): void {
    const calls = this.scopes.get(scope);
    if (!calls?.delete(id)) return;
    if (calls.size === 0) this.scopes.delete(scope);
    this.ended();
  }

  /**
   * Registers a call no other message can name (one answered in its own HTTP response, on /mcp): counted
   * for `size` and `drained` like any other, without a scope to look it up by (no map, no key per call).
   */
  beginUnnamed(): CallSignal {
    this.count += 1;
    const signal = new CallSignal();
    this.unnamed.add(signal);
    return signal;
  }

  /** An unnamed call is over. */
  endUnnamed(signal: CallSignal): void {
    this.unnamed.delete(signal);
    this.ended();
  }

  private ended(): void {
    this.count -= 1;
    if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  /** Whether the call runs in this process. */
  has(scope: string, id: RequestId): boolean {
    return this.scopes.get(scope)?.has(id) ?? false;
  }

  /** notifications/cancelled: aborts the call if it runs here. */
  cancel(scope: string, id: RequestId): void {
    this.scopes.get(scope)?.get(id)?.abort();
  }

  /** The stream of a session closed: aborts all of its calls running here. */
  abortScope(scope: string): void {
    const calls = this.scopes.get(scope);
    if (calls) for (const signal of calls.values()) signal.abort();
  }

  /** Shutdown's grace ran out: aborts every call running here, named or not, with `reason`. */
  abortAll(reason: unknown): void {
    for (const calls of this.scopes.values()) for (const signal of calls.values()) signal.abort(reason);
    for (const signal of this.unnamed) signal.abort(reason);
  }

  /** Resolves when nothing runs, or after `timeoutMs`, whichever comes first; true if drained. */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
