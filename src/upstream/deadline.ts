// One deadline for a whole outgoing request: the wait for a pooled connection, the headers and the
// entire body. undici's own time-outs restart on every byte (a body trickled one byte at a time never
// times out), and there is none at all for the wait in the pool's queue.
// An AbortController and one cleared timer rather than AbortSignal.timeout + AbortSignal.any: the timer
// is gone as soon as the request ends, instead of living on for its full length on every call.

export interface Deadline {
  /** Aborted when the call's signal aborts or the deadline passes; give it to the request. */
  readonly signal: AbortSignal;
  /** True when the deadline (not the call) ended the request: report a time-out. */
  readonly expired: boolean;
  /** Stops the timer; call once the body is read (or the request failed). */
  clear(): void;
}

export function startDeadline(timeoutMs: number, callSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`deadline of ${timeoutMs} ms passed`, 'TimeoutError'));
  }, timeoutMs);
  const onCallAbort = () => controller.abort(callSignal?.reason);
  if (callSignal?.aborted) onCallAbort();
  else callSignal?.addEventListener('abort', onCallAbort, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return expired && callSignal?.aborted !== true;
    },
    clear() {
      clearTimeout(timer);
      callSignal?.removeEventListener('abort', onCallAbort);
    },
  };
}
