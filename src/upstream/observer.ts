// How the rest of the server watches requests to the customer API without the client knowing about
// logs, metrics or traces: a call may carry an observer (src/tools/call-observer.ts), told when each
// request starts, what answered, and when it ended. No observer: nothing is allocated.

/** One request, from before it is sent until its body is read or it failed. */
export interface UpstreamExchange {
  /** Trace headers of this request's own span, replacing the call's traceparent/tracestate (tracing on). */
  readonly traceHeaders: Readonly<Record<string, string>> | undefined;
  /** The answer's status, and the body's size: as read, or as declared for a body not read (-1: unknown). */
  answered(status: number, bytes: number): void;
  /** The request is over: `error` is undefined on success, else what the client throws. */
  end(error: unknown): void;
}

export interface UpstreamObserver {
  /** `template` is the path as the tool wrote it (/orders/:id): never the filled-in path or the query. */
  start(method: string, template: string): UpstreamExchange;
}
