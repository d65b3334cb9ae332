// One deadline for a whole outgoing request: the wait for a pooled connection, the headers and the
// entire body. undici's own time-outs restart on every byte (a body trickled one byte at a time never
// times out), and there is none at all for the wait in the pool's queue.
// Cheap on the hot path (issue 12): no AbortController per request. undici accepts any EventEmitter-like
// signal, so each request gets a small RequestSignal, aborted by one cleared timer or by the call's own
// cancellation, a CallSignal (src/call-signal.ts) that keeps the request in its list. A caller's standard
// AbortSignal is followed through a CallSignal of its own: one listener however many requests it covers.
import { CallSignal, type Cancellation } from '../call-signal';

/** The part of an EventEmitter undici uses on a request's `signal` (on, once, removeListener). */
export class RequestSignal {
  aborted = false;
  reason: unknown = undefined;
  private listeners: Array<() => void> = [];

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of this.listeners.splice(0)) listener();
  }

  on(_event: 'abort', listener: () => void): this {
    this.listeners.push(listener);
    return this;
  }

  once(event: 'abort', listener: () => void): this {
    return this.on(event, listener); // abort fires at most once
  }

  removeListener(_event: 'abort', listener: () => void): this {
    const index = this.listeners.indexOf(listener);
    if (index !== -1) this.listeners.splice(index, 1);
    return this;
  }
}

export interface Deadline {
  /** Aborted when the call's signal aborts or the deadline passes; give it to the request (undici's `signal`). */
  readonly signal: RequestSignal;
  /** True when the deadline (not the call) ended the request: report a time-out. */
  readonly expired: boolean;
  /** Stops the timer; call once the body is read (or the request failed). */
  clear(): void;
}

/** The CallSignal that follows each caller's AbortSignal, made on its first request. */
const followers = new WeakMap<AbortSignal, CallSignal>();

function asCallSignal(cancellation: Cancellation): CallSignal {
  if (cancellation instanceof CallSignal) return cancellation;
  let signal = followers.get(cancellation);
  if (signal === undefined) {
    const follower = (signal = new CallSignal());
    followers.set(cancellation, follower);
    if (cancellation.aborted) follower.abort(cancellation.reason);
    else cancellation.addEventListener('abort', () => follower.abort(cancellation.reason), { once: true });
  }
  return signal;
}

function timeoutError(timeoutMs: number): DOMException {
  return new DOMException(`deadline of ${timeoutMs} ms passed`, 'TimeoutError');
}

/** A class rather than an object literal with a getter, which V8 builds by a slow path (issue 12). */
class RequestDeadline implements Deadline {
  readonly signal = new RequestSignal();
  private timedOut = false;
  private readonly timer: NodeJS.Timeout;
  private readonly callSignal: CallSignal | undefined;

  constructor(
    private readonly timeoutMs: number,
    cancellation: Cancellation | undefined,
  ) {
    this.timer = setTimeout(() => this.expire(), timeoutMs);
    this.callSignal = cancellation === undefined ? undefined : asCallSignal(cancellation);
    this.callSignal?.follow(this.signal);
  }

  get expired(): boolean {
    return this.timedOut && this.callSignal?.aborted !== true;
  }

  clear(): void {
    clearTimeout(this.timer);
    this.callSignal?.unfollow(this.signal);
  }

  private expire(): void {
    this.timedOut = true;
    this.signal.abort(timeoutError(this.timeoutMs));
  }
}

export function startDeadline(timeoutMs: number, callSignal?: Cancellation): Deadline {
  return new RequestDeadline(timeoutMs, callSignal);
}
