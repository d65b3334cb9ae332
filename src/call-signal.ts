// A call's cancellation, cheap to make. Node's AbortController builds an EventTarget, and listening to it
// costs another allocation or two: about 4 µs of every tool call, for a signal most calls never
// fire and most tools never read. A CallSignal is a flag and a list; the standard AbortSignal a tool sees
// as `ctx.signal` is made on first use and aborted with the call.

/** What aborts with the call: the upstream request's own signal (src/upstream/deadline.ts), for one. */
export interface AbortFollower {
  abort(reason: unknown): void;
}

export class CallSignal {
  aborted = false;
  reason: unknown = undefined;
  private controller: AbortController | undefined;
  private followers: AbortFollower[] | undefined;

  /** A signal that is already aborted (a notification's context: there is nothing to run). */
  static abort(reason?: unknown): CallSignal {
    const signal = new CallSignal();
    signal.abort(reason);
    return signal;
  }

  /** A standard AbortSignal that aborts with this call, made on first use. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown = new DOMException('This operation was aborted', 'AbortError')): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const followers = this.followers;
    this.followers = undefined;
    if (followers) for (const follower of followers) follower.abort(reason);
    this.controller?.abort(reason);
  }

  /** `follower.abort(reason)` when the call aborts (at once if it has). */
  follow(follower: AbortFollower): void {
    if (this.aborted) follower.abort(this.reason);
    else (this.followers ??= []).push(follower);
  }

  unfollow(follower: AbortFollower): void {
    const followers = this.followers;
    if (followers === undefined) return;
    const index = followers.lastIndexOf(follower);
    if (index !== -1) followers.splice(index, 1);
  }
}

/**
 * The reason a call is aborted when the server's shutdown grace (SHUTDOWN_GRACE_MS) has run out: unlike a
 * client's cancellation, such a call is answered, with a sentence saying to try again.
 */
export class ServerStopping extends Error {
  override name = 'ServerStopping';
  constructor() {
    super('the server is stopping: its shutdown grace ran out');
  }
}

/** Whether the call was stopped by the server's shutdown (answered) rather than cancelled (not answered). */
export function stoppedByShutdown(cancellation: { aborted: boolean; reason: unknown }): boolean {
  return cancellation.aborted && cancellation.reason instanceof ServerStopping;
}

/** A notification's context: there is no call to run or abort (already aborted, shared). */
export const NOTHING_TO_RUN = CallSignal.abort();

/** Either kind of cancellation the internals accept: a CallSignal, or an AbortSignal from a caller. */
export type Cancellation = CallSignal | AbortSignal;

/** The standard AbortSignal of a cancellation (a CallSignal's is made now, if it was not yet). */
export function abortSignalOf(cancellation: Cancellation): AbortSignal {
  return cancellation instanceof CallSignal ? cancellation.signal : cancellation;
}
