// One deadline for a whole outgoing request: the wait for a pooled connection, the headers and the
// entire body. undici's own time-outs restart on every byte (a body trickled one byte at a time never
// times out), and there is none at all for the wait in the pool's queue. (undici acts on the abort of a
// request still in that queue only when a connection frees for it; with one time-out per pool, the requests
// holding the connections reach their deadlines first, so a queued request still ends at its own:
// test/upstream/deadline.test.ts.)
// Cheap on the hot path: no AbortController per request. undici accepts any EventEmitter-like
// signal, so each request gets a small RequestSignal, aborted when its deadline passes (DeadlineList
// below: one timer per time-out, not per request) or by the call's own cancellation, a
// CallSignal (src/call-signal.ts) that keeps the request in its list. A caller's standard AbortSignal is
// followed through a CallSignal of its own: one listener however many requests it covers.
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

/**
 * The requests of one time-out, oldest first, with one Node timer for the oldest. Every request
 * here has the same time-out, so they expire in the order they started: a list in start order, one timer
 * armed for its head, replaces a Node timer (an object, a closure and a clock read in C++) per request. A
 * cleared request leaves the list at once, wherever it is, so the list holds only requests in flight (and
 * keeps no finished one from the garbage collector).
 */
class DeadlineList {
  private head: RequestDeadline | undefined = undefined;
  private tail: RequestDeadline | undefined = undefined;
  private timer: NodeJS.Timeout | undefined = undefined;

  constructor(readonly timeoutMs: number) {}

  add(deadline: RequestDeadline): void {
    deadline.expiresAt = performance.now() + this.timeoutMs;
    deadline.prev = this.tail;
    if (this.tail === undefined) this.head = deadline;
    else this.tail.next = deadline;
    this.tail = deadline;
    if (this.timer === undefined) this.arm(deadline.expiresAt);
  }

  remove(deadline: RequestDeadline): void {
    const { prev, next } = deadline;
    if (prev === undefined) {
      if (this.head !== deadline) return; // not in the list: expired, or removed already
      this.head = next;
    } else prev.next = next;
    if (next === undefined) this.tail = prev;
    else next.prev = prev;
    deadline.prev = deadline.next = undefined;
    // The armed timer stays: when it fires it re-arms for the head of the moment, or stops if there is none.
  }

  private arm(at: number): void {
    // + 1: a timer may fire a fraction of a millisecond early by performance.now()'s reckoning.
    // Unref'd: it must not keep a process alive once nothing is in flight (an in-flight request's socket does).
    this.timer = setTimeout(() => this.fire(), Math.max(0, Math.ceil(at - performance.now())) + 1).unref();
  }

  private fire(): void {
    this.timer = undefined;
    const now = performance.now();
    let head = this.head;
    while (head !== undefined && head.expiresAt <= now) {
      this.remove(head);
      head.expire();
      head = this.head; // expire() may have cleared others (a call's other requests): read the head again
    }
    if (head !== undefined && this.timer === undefined) this.arm(head.expiresAt);
  }

  /** For tests: requests in the list and whether a timer is armed. */
  get state(): { size: number; armed: boolean } {
    let size = 0;
    for (let at = this.head; at !== undefined; at = at.next) size += 1;
    return { size, armed: this.timer !== undefined };
  }
}

const lists = new Map<number, DeadlineList>();

function listFor(timeoutMs: number): DeadlineList {
  let list = lists.get(timeoutMs);
  if (list === undefined) lists.set(timeoutMs, (list = new DeadlineList(timeoutMs)));
  return list;
}

/** For tests: the requests in flight under each time-out. */
export function deadlinesInFlight(): Map<number, { size: number; armed: boolean }> {
  return new Map([...lists].map(([timeoutMs, list]) => [timeoutMs, list.state]));
}

/** A class rather than an object literal with a getter, which V8 builds by a slow path. */
class RequestDeadline implements Deadline {
  readonly signal = new RequestSignal();
  /** Its place in its list (DeadlineList): when it expires, and its neighbours in start order. */
  expiresAt = 0;
  prev: RequestDeadline | undefined = undefined;
  next: RequestDeadline | undefined = undefined;
  private timedOut = false;
  private readonly callSignal: CallSignal | undefined;

  constructor(
    private readonly list: DeadlineList,
    cancellation: Cancellation | undefined,
  ) {
    list.add(this);
    this.callSignal = cancellation === undefined ? undefined : asCallSignal(cancellation);
    this.callSignal?.follow(this.signal);
  }

  get expired(): boolean {
    return this.timedOut && this.callSignal?.aborted !== true;
  }

  clear(): void {
    this.list.remove(this);
    this.callSignal?.unfollow(this.signal);
  }

  /** Called by the list, which has already removed it. */
  expire(): void {
    this.timedOut = true;
    this.signal.abort(timeoutError(this.list.timeoutMs));
  }
}

export function startDeadline(timeoutMs: number, callSignal?: Cancellation): Deadline {
  return new RequestDeadline(listFor(timeoutMs), callSignal);
}
