// Watches one tool call's requests to the customer API: a `debug` line per request (method, the path
// template, status, bytes, duration, request id, and a 4xx's bounded reason: never the
// filled-in path, the query, a header or a raw body), the upstream metrics of the tool, and a CLIENT span
// per request when tracing is on.
import type { Logger } from '../logger';
import { statusClass, type CallSpan, type StatusClass, type ToolMetrics, type UpstreamSpan } from '../telemetry';
import { UpstreamError, UpstreamHttpError, UpstreamNetworkError, UpstreamRetryLaterError, UpstreamTimeoutError } from '../upstream/errors';
import type { UpstreamExchange, UpstreamObserver } from '../upstream/observer';

/** Who watches: any part may be absent (metrics off: the no-op; debug off: no logger; tracing off: no span). */
export class CallObserver implements UpstreamObserver {
  constructor(
    readonly tool: string,
    readonly metrics: ToolMetrics,
    /** Set only when debug lines are wanted. */
    readonly log: Logger | undefined,
    readonly requestId: string | undefined,
    readonly span: CallSpan | undefined,
  ) {}

  start(method: string, template: string): UpstreamExchange {
    return new Exchange(this, method, template);
  }
}

/** The class of a failed request that got no answer; undefined when it was never sent or was cancelled. */
function failureClass(error: unknown): StatusClass | undefined {
  if (error instanceof UpstreamTimeoutError) return 'timeout';
  if (error instanceof UpstreamNetworkError) return 'network';
  return undefined;
}

function errorCode(error: unknown): string {
  if (error instanceof UpstreamError) return error.code;
  return error instanceof Error ? error.name : 'Error';
}

class Exchange implements UpstreamExchange {
  readonly traceHeaders: Readonly<Record<string, string>> | undefined;
  private readonly started = performance.now();
  private readonly span: UpstreamSpan | undefined;
  private status: number | undefined;
  private bytes = -1;

  constructor(
    private readonly owner: CallObserver,
    private readonly method: string,
    private readonly template: string,
  ) {
    this.span = owner.span?.startUpstream(method, template);
    this.traceHeaders = this.span?.headers;
  }

  answered(status: number, bytes: number): void {
    this.status = status;
    this.bytes = Number.isFinite(bytes) ? bytes : -1;
  }

  end(error: unknown): void {
    const ms = performance.now() - this.started;
    const status = this.status;
    const cls = status !== undefined ? statusClass(status) : failureClass(error);
    if (cls !== undefined) this.owner.metrics.upstream(cls, ms / 1000);
    const failure = error === undefined ? undefined : errorCode(error);
    this.span?.end(status, status === undefined ? (cls ?? failure) : undefined);
    const log = this.owner.log;
    if (log === undefined) return;
    // The API's reason may echo an argument's value: debug only, never on the call's info line.
    const reason = error instanceof UpstreamHttpError ? error.reason : undefined;
    log.debug(
      {
        tool: this.owner.tool,
        requestId: this.owner.requestId,
        method: this.method,
        path: this.template,
        status,
        bytes: this.bytes === -1 ? undefined : this.bytes,
        durationMs: Math.round(ms * 10) / 10,
        error: failure,
        reason: reason?.text,
        field: reason?.field,
        retryAfterSeconds: error instanceof UpstreamRetryLaterError ? error.retryAfterSeconds : undefined,
      },
      'upstream request',
    );
  }
}
