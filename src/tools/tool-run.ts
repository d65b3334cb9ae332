// One call's state (ToolRun: its scope for `ctx.api`, its logger, its end) and the `ctx` its handler gets
// (CallContext). Made by the registry for each tools/call; see registry.ts for the path of a call.
import type { Logger } from '../logger';
import { abortSignalOf, type Cancellation } from '../call-signal';
import type { ApiClient, CallScope } from '../upstream/api-client';
import type { CallCredentials } from '../upstream/client-types';
import type { Placed } from '../upstream/placement';
import type { Caller, ForwardedHeaders } from '../upstream/credentials';
import type { UpstreamObserver } from '../upstream/observer';
import type { CallSpan, ToolMetrics } from '../telemetry';
import { clientLog, elicit, sample, type ClientLog, type ElicitOutcome, type ElicitRequest, type SampleOutcome, type SampleRequest } from './client-requests';
import type { ProgressReporter, ToolContext, UserFiles } from './context';
import type { FailureCause } from './failure-cause';
import { finishCall } from './finish-call';
import type { ToolResult } from './results';
import { callCredentialValues, scrubResult } from './scrub-result';
import type { CallInput } from './call-input';
import type { Tool } from './tool-types';

const ignoreProgress: ProgressReporter = () => undefined;

/** What a call stopped by the server's shutdown answers: nothing was lost that a retry would not redo. */
export const STOPPED_BY_SHUTDOWN = 'The tool server was restarting and stopped this call before it finished. Please try again in a moment.';

/** Builds a call's file library from its caller and cancellation (src/user-files.ts). */
export type UserFilesFactory = (caller: Caller, signal: Cancellation) => UserFiles;

/**
 * One call's state, in one object (no closures per call): its scope for `ctx.api` (the
 * forwarded headers, the tenant, the cancellation, the upstream status for the log line), its child
 * logger when the tool asks for one, and its end.
 */
export class ToolRun implements CallScope {
  readonly started = performance.now();
  readonly signal: Cancellation;
  readonly tenantId: string | undefined;
  headers: ForwardedHeaders = {};
  upstreamStatus: number | undefined = undefined;
  /** Set by the registry for a tool that declares `credentials`; `placed` by the upstream (src/upstream/placement.ts). */
  credentials: CallCredentials | undefined = undefined;
  placed: Placed | undefined = undefined;
  private childLog: Logger | undefined = undefined;

  constructor(
    private readonly logger: Logger,
    readonly tool: Tool,
    readonly caller: Caller,
    readonly input: CallInput,
    private readonly toolMetrics: ToolMetrics,
    readonly span: CallSpan | undefined,
    readonly observer: UpstreamObserver | undefined,
  ) {
    this.signal = input.signal;
    this.tenantId = caller.tenantId;
  }

  /** A child logger costs an allocation and a serialisation of its bindings: made only if the tool logs. */
  get log(): Logger {
    return (this.childLog ??= this.logger.child({ tool: this.tool.name, requestId: this.caller.requestId, userId: this.caller.userId }));
  }

  onStatus(status: number): void {
    this.upstreamStatus = status;
  }

  /**
   * Ends the call with `result`. What the handler made of the API's answers (a result, or its ToolError)
   * has the call's credential values taken out first, so nothing the API echoed reaches the model
   * (./scrub-result); the server's own sentences echo nothing, and the API's words in a refusal were
   * redacted when read (src/upstream/redact), so they are left as they are: "Bearer expired" must not
   * blank "Your session has expired".
   */
  finish(result: ToolResult, outcome: string, error?: unknown, cause?: FailureCause): ToolResult {
    const fromHandler = outcome === 'OK' || outcome === 'TOOL_ERROR';
    const shown = fromHandler ? scrubResult(result, callCredentialValues(this.headers, this.input.headers, this.placed?.values)) : result;
    return finishCall(shown, {
      logger: this.logger,
      metrics: this.toolMetrics,
      span: this.span,
      tool: this.tool.name,
      caller: this.caller,
      outcome,
      // A call that failed at one request names that request's status (or none), not the last status any
      // of its requests got: a parallel request's 200 beside a timed-out one told the wrong story.
      upstreamStatus: cause?.upstreamPath !== undefined ? cause.upstreamStatus : this.upstreamStatus,
      started: this.started,
      error,
      cause,
    });
  }
}

/**
 * `ctx` of a tool handler. A class (an object literal with getters is built by a slow path):
 * `log`, `files` and `signal` are getters, made on first use. Pass `ctx` on whole rather than spreading it.
 */
export class CallContext implements ToolContext {
  readonly caller: Caller;
  readonly progress: ProgressReporter;
  private userFiles: UserFiles | undefined = undefined;

  constructor(
    readonly api: ApiClient,
    private readonly run: ToolRun,
    private readonly filesFor: UserFilesFactory,
  ) {
    this.caller = run.caller;
    this.progress = run.input.progress ?? ignoreProgress;
  }

  private clientLogger: ClientLog | undefined = undefined;

  get log(): ClientLog {
    return (this.clientLogger ??= clientLog(this.run.input.client, this.run.log, this.run.tool.name));
  }

  elicit(request: ElicitRequest): Promise<ElicitOutcome> {
    return elicit(this.run.input.client, request, this.run.tool.descriptor);
  }

  sample(request: SampleRequest): Promise<SampleOutcome> {
    return sample(this.run.input.client, request);
  }

  status(message: string): void {
    this.run.input.status?.(message);
  }

  get signal(): AbortSignal {
    return abortSignalOf(this.run.signal);
  }

  get files(): UserFiles {
    return (this.userFiles ??= this.filesFor(this.caller, this.run.signal));
  }
}
