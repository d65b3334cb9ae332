// The tool registry: lists tools (descriptors built once) and runs one call end to end:
// context from the POST's headers → argument check → handler → result, with one log line per call.
import type { IncomingHttpHeaders } from 'node:http';
import type { z } from 'zod';
import { callerKey, createFairness, type Fairness } from '../limits';
import type { Logger } from '../logger';
import { boundString } from '../logging/bound';
import { abortSignalOf, stoppedByShutdown, type Cancellation } from '../call-signal';
import { isLater, type NowOrLater } from '../auth/now-or-later';
import type { ApiClient, CallScope, Upstream } from '../upstream/api-client';
import { callerFrom, contextHeaders, forwardedHeaders, type Caller, type ForwardedHeaders } from '../upstream/credentials';
import type { PreparedCredentials, Principal, UpstreamCredentials } from '../auth/principal';
import type { UpstreamObserver } from '../upstream/observer';
import type { TraceContext } from '../mcp/core/trace-context';
import type { ToolFields } from '../mcp/core/versions';
import { noopMetrics, type CallSpan, type Metrics, type ToolMetrics, type Tracing } from '../telemetry';
import { CallObserver } from './call-observer';
import { failureCause, type FailureCause } from './failure-cause';
import { finishCall } from './finish-call';
import type { ProgressReporter, ToolContext, UserFiles } from './context';
import type { Tool } from './define-tool';
import { errorResult, failureResult, textResult, type ToolResult } from './results';
import { illFormedField } from './well-formed';
import type { RequestContext } from '../prompts/types';
import { InputRequired, type ClientLink } from '../mcp/core/client-link';
import { clientLog, elicit, sample, type ClientLog, type ElicitOutcome, type ElicitRequest, type SampleOutcome, type SampleRequest } from './client-requests';

export interface CallInput {
  /** Headers of the HTTP request that carried this call: the only source of credentials. */
  headers: IncomingHttpHeaders;
  /** The call's cancellation (a CallSignal from the lanes; an AbortSignal is accepted too). */
  signal: Cancellation;
  /** Reports progress to the client, when it asked for it (a progressToken) and the lane can deliver it. */
  progress?: ProgressReporter;
  /** W3C trace context received with the call (header or `_meta`): forwarded to the customer's API. */
  trace?: TraceContext;
  /** The JSON-RPC request's id and MCP revision (where known), for the call's span. */
  rpcId?: string | number;
  protocolVersion?: string;
  /**
   * False for a client of a revision before 2025-06-18 (the hub's lane among them): a tool's declared
   * output is still checked and becomes the text, but no `structuredContent` is sent. True when absent.
   */
  structured?: boolean;
  /**
   * The client's address as the door resolved it (src/door, createClientAddress): the last resort of the
   * per-user limits when a call carries neither X-User-Id nor credentials.
   */
  clientAddress?: string;
  /**
   * The caller whose bearer token the edge verified (/mcp with MCP_AUTH=oauth, issue 17). When set, the
   * customer's API gets credentials made by `upstreamCredentials` and none of the client's own headers;
   * the per-user limits and the log line use its hashed subject tag instead of X-User-Id.
   */
  principal?: Principal;
  /** With `principal`: credentials (or the failure to make them) the edge already got for this call. */
  credentials?: PreparedCredentials;
  /** What the call may send its client (log messages, questions), where the lane has a channel to it. */
  client?: ClientLink;
}

export interface RegistryOptions {
  tools: readonly Tool[];
  upstream: Upstream;
  logger: Logger;
  /** Lower-case custom credential header names to forward (configuration). */
  customAuthHeaders: readonly string[];
  /** Builds the user's file library for one call; see src/hub. */
  files: UserFilesFactory;
  /** Tool metrics (no-op by default); see src/telemetry. */
  metrics?: Metrics;
  /** Set when tracing is on: a span per call and per upstream request. */
  tracing?: Tracing;
  /** Per-user limits (src/limits); none by default. */
  fairness?: Fairness;
  /**
   * Makes the customer API's credentials for a call that carries a verified principal (src/auth,
   * createUpstreamTokens); required when the edge verifies OAuth tokens. Calls without one forward the
   * caller's own headers, as on the hub's lane.
   */
  upstreamCredentials?: UpstreamCredentials;
}

export interface Registry {
  /** The tools/list result, built once: what a client without MCP Apps views sees (the hub included). */
  readonly descriptors: readonly Tool['descriptor'][];
  /** The tools/list result where views are shown: `_meta.ui` on tools with a view, and view-only helpers. */
  readonly appDescriptors: readonly Tool['appDescriptor'][];
  /**
   * The tools/list result for a client of an earlier revision: `descriptors` without the fields it does
   * not know (versions.ts, toolFieldsOf). 'all' is `descriptors` itself.
   */
  descriptorsFor(fields: ToolFields): readonly Tool['descriptor'][];
  has(name: string): boolean;
  /** Runs a known tool; never throws: every failure becomes an isError result. */
  call(name: string, args: unknown, input: CallInput): Promise<ToolResult>;
  /**
   * The context of a request that is not a tool call (prompts/get, completion/complete): the customer's
   * API with this request's credentials, made exactly as for a call. Rejects when they cannot be made.
   */
  context(input: CallInput, label: string): Promise<RequestContext>;
}

/** "orderId: Invalid input: expected string, received number" for each bad field, so the model can retry. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    // A path may hold the client's own keys (a record's): cut like any echoed input (issue 20).
    .map((issue) => `${issue.path.length > 0 ? boundString(issue.path.join('.'), 200) : '(arguments)'}: ${issue.message}`)
    .join('; ');
}

/**
 * A declared output becomes `structuredContent`, with text for clients before 2025-06-18 and for the
 * model: the tool's own sentence (`text`) or the same JSON.
 * An answer that does not match its own schema is a bug in the tool: it fails like any other bug.
 */
/** A handler's JSON text of its output (`as: 'text'`), parsed; text that is not JSON is a bug in the tool. */
function jsonOutput(tool: Tool, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TypeError(`Tool ${tool.name} returned text that is not the JSON of its output`);
  }
}

/**
 * A handler's JSON text of its output, without a `text` formatter: that text for the model on every lane,
 * as it came; for a client that receives structuredContent, also parsed and checked (declared fields only).
 * Without structuredContent (the hub) nothing is parsed: only a text that is not a JSON object is refused.
 */
function jsonTextResult(tool: Tool, schema: z.ZodType, text: string, structured: boolean): ToolResult {
  if (!structured) {
    if (text.charCodeAt(0) !== 123 /* { */) throw new TypeError(`Tool ${tool.name} returned text that is not the JSON of its output`);
    return textResult(text);
  }
  // Checked only: the text for the model is the one that came, never a serialization of the check's copy.
  return { content: [{ type: 'text', text }], structuredContent: checkedOutput(tool, schema, jsonOutput(tool, text)) };
}

/** A handler's output as its schema reads it (declared fields only); one that does not match is a bug in the tool. */
function checkedOutput(tool: Tool, schema: z.ZodType, value: unknown): Record<string, unknown> {
  const checked = schema.safeParse(value);
  if (!checked.success) throw new TypeError(`Tool ${tool.name} returned an answer that does not match its output schema: ${describeIssues(checked.error)}`);
  return checked.data as Record<string, unknown>;
}

function structuredResult(tool: Tool, schema: z.ZodType, value: unknown, structured: boolean): ToolResult {
  const structuredContent = checkedOutput(tool, schema, value);
  const text = tool.textOf ? tool.textOf(structuredContent as never) : JSON.stringify(structuredContent);
  return structured ? { content: [{ type: 'text', text }], structuredContent } : { content: [{ type: 'text', text }] };
}

const ignoreProgress: ProgressReporter = () => undefined;

/** What a call stopped by the server's shutdown answers: nothing was lost that a retry would not redo. */
export const STOPPED_BY_SHUTDOWN = 'The tool server was restarting and stopped this call before it finished. Please try again in a moment.';

/** Builds a call's file library from its caller and cancellation (src/user-files.ts). */
export type UserFilesFactory = (caller: Caller, signal: Cancellation) => UserFiles;

/**
 * One call's state, in one object (issue 12: no closures per call): its scope for `ctx.api` (the
 * forwarded headers, the tenant, the cancellation, the upstream status for the log line), its child
 * logger when the tool asks for one, and its end.
 */
class ToolRun implements CallScope {
  readonly started = performance.now();
  readonly signal: Cancellation;
  readonly tenantId: string | undefined;
  headers: ForwardedHeaders = {};
  upstreamStatus: number | undefined = undefined;
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

  finish(result: ToolResult, outcome: string, error?: unknown, cause?: FailureCause): ToolResult {
    return finishCall(result, {
      logger: this.logger,
      metrics: this.toolMetrics,
      span: this.span,
      tool: this.tool.name,
      caller: this.caller,
      outcome,
      upstreamStatus: this.upstreamStatus,
      started: this.started,
      error,
      cause,
    });
  }
}

/**
 * `ctx` of a tool handler. A class (an object literal with getters is built by a slow path, issue 12):
 * `log`, `files` and `signal` are getters, made on first use. Pass `ctx` on whole rather than spreading it.
 */
class CallContext implements ToolContext {
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
    return elicit(this.run.input.client, request);
  }

  sample(request: SampleRequest): Promise<SampleOutcome> {
    return sample(this.run.input.client, request);
  }

  get signal(): AbortSignal {
    return abortSignalOf(this.run.signal);
  }

  get files(): UserFiles {
    return (this.userFiles ??= this.filesFor(this.caller, this.run.signal));
  }
}

function isResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);
}

const UNLIMITED = createFairness({ maxInFlight: 0, callsPerMinute: 0, burst: 1 });

export function createRegistry({
  tools,
  upstream,
  logger,
  customAuthHeaders,
  files,
  fairness = UNLIMITED,
  metrics = noopMetrics,
  tracing,
  upstreamCredentials,
}: RegistryOptions): Registry {
  const byName = new Map<string, Tool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new TypeError(`Two tools are named "${tool.name}"`);
    byName.set(tool.name, tool);
  }
  const descriptors = Object.freeze(tools.filter((tool) => tool.forModel).map((tool) => tool.descriptor));
  const appDescriptors = Object.freeze(tools.map((tool) => tool.appDescriptor));
  const annotated = Object.freeze(descriptors.map(({ name, description, inputSchema, annotations }) => ({ name, description, inputSchema, ...(annotations ? { annotations } : {}) })));
  const basic = Object.freeze(descriptors.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })));
  const descriptorsFor = (fields: ToolFields) => (fields === 'all' ? descriptors : fields === 'annotated' ? annotated : basic);
  // Per-tool metric children resolved once; with metrics alone, one shared observer per tool (no per-call state).
  const toolMetrics = new Map(tools.map((tool) => [tool.name, metrics.forTool(tool.name)]));
  const sharedObservers = new Map(tools.map((tool) => [tool.name, new CallObserver(tool.name, toolMetrics.get(tool.name)!, undefined, undefined, undefined)]));

  async function call(name: string, args: unknown, input: CallInput): Promise<ToolResult> {
    const tool = byName.get(name);
    if (!tool) throw new TypeError(`Unknown tool "${name}": check has() first`);
    const { headers, rpcId, protocolVersion, trace, principal } = input;
    const caller = callerFrom(headers);
    // A verified caller is known by its subject's tag, never by an X-User-Id it could choose (issue 17).
    if (principal !== undefined) caller.userId = principal.subjectTag;
    const span = tracing?.startCall(name, { id: rpcId, protocolVersion }, trace?.traceparent, trace?.tracestate);
    const debug = logger.isLevelEnabled('debug');
    const observer =
      span || debug ? new CallObserver(name, toolMetrics.get(name)!, debug ? logger : undefined, caller.requestId, span) : metrics.enabled ? sharedObservers.get(name) : undefined;
    const run = new ToolRun(logger, tool, caller, input, toolMetrics.get(name)!, span, observer);

    // Before any work: over a limit, the model is told to wait (src/limits).
    const admission = fairness.admit(callerKey(headers, caller, customAuthHeaders, input.clientAddress));
    if (!admission.ok) {
      metrics.refused(admission.error.code === 'RATE_LIMITED' ? 'rate_limit' : 'in_flight');
      const failure = failureResult(admission.error);
      return run.finish(failure.result, failure.outcome);
    }
    // Argument check → handler → result, in this one async function (a layer less per call, issue 19);
    // every failure becomes a result.
    try {
      const parsed = tool.schema.safeParse(args ?? {});
      if (!parsed.success) {
        const text = `The arguments for ${name} are not valid: ${describeIssues(parsed.error)}. Please correct them and call ${name} again.`;
        return run.finish(errorResult(text), 'INVALID_ARGUMENTS');
      }
      const illFormed = illFormedField(parsed.data);
      if (illFormed !== undefined) {
        const text = `The arguments for ${name} are not valid: ${illFormed}: contains text that is not valid Unicode (a lone surrogate). Please correct it and call ${name} again.`;
        return run.finish(errorResult(text), 'INVALID_ARGUMENTS');
      }
      try {
        let forwarded: ForwardedHeaders;
        if (principal === undefined) forwarded = forwardedHeaders(headers, caller, customAuthHeaders);
        else {
          // Made by the edge already (/mcp), else here; cached ones come back as they are: awaited only
          // when a grant is under way.
          if (input.credentials instanceof Error) throw input.credentials;
          const made = input.credentials ?? upstreamCredentialsOf(principal, run.signal, run.span);
          forwarded = withContext(run, isLater(made) ? await made : made);
        }
        if (trace) Object.assign(forwarded, trace);
        if (logger.isLevelEnabled('trace')) run.log.trace({ headers: forwarded }, 'credentials to forward');
        run.headers = forwarded;
        const ctx = new CallContext(upstream.forCall(run), run, files);
        // With tracing, the call's span is the active context: spans a tool makes itself nest under it.
        const value = await (span ? span.run(() => tool.handler(parsed.data as never, ctx)) : tool.handler(parsed.data as never, ctx));
        if (tool.outputSchema) {
          // The API's JSON as text: the text as it came; parsed only for structuredContent (or a `text` sentence).
          if (typeof value === 'string' && !tool.textOf) return run.finish(jsonTextResult(tool, tool.outputSchema, value, input.structured !== false), 'OK');
          return run.finish(structuredResult(tool, tool.outputSchema, typeof value === 'string' ? jsonOutput(tool, value) : value, input.structured !== false), 'OK');
        }
        if (typeof value === 'string') return run.finish(textResult(value), 'OK');
        if (isResult(value)) return run.finish(value, value.isError === true ? 'TOOL_ERROR' : 'OK');
        throw new TypeError(`Tool ${name} returned neither a string nor a result`);
      } catch (error) {
        // 2026-07-28: the handler asked a question not answered yet; the core answers input_required.
        if (error instanceof InputRequired) {
          run.finish(textResult(''), 'INPUT_REQUIRED');
          throw error;
        }
        if (run.signal.aborted) {
          return stoppedByShutdown(run.signal)
            ? run.finish(errorResult(STOPPED_BY_SHUTDOWN), 'SHUTDOWN')
            : run.finish(errorResult('The call was cancelled.'), 'CANCELLED');
        }
        const failure = failureResult(error);
        return run.finish(failure.result, failure.outcome, failure.unexpected ? error : undefined, failureCause(error));
      }
    } finally {
      admission.release();
    }
  }

  /**
   * The credentials of a verified caller's call: made for the customer's API (an exchanged token, or the
   * server's own and the subject). Never the client's token, and no fallback to it: a failure here is the
   * call's result (sign in again, retry).
   */
  function upstreamCredentialsOf(principal: Principal, signal: Cancellation, span: CallSpan | undefined): NowOrLater<Readonly<Record<string, string>>> {
    if (upstreamCredentials === undefined) throw new TypeError('A call carries a verified principal, but createRegistry was given no upstreamCredentials');
    return upstreamCredentials(principal, signal, span);
  }

  /** A verified caller's headers: the credentials made for it and the request's non-credential headers. */
  function withContext(run: ToolRun, made: Readonly<Record<string, string>>): ForwardedHeaders {
    return Object.assign(contextHeaders(run.input.headers, run.caller), made);
  }

  async function context(input: CallInput, label: string): Promise<RequestContext> {
    const caller = callerFrom(input.headers);
    if (input.principal !== undefined) caller.userId = input.principal.subjectTag;
    let forwarded: ForwardedHeaders;
    if (input.principal === undefined) forwarded = forwardedHeaders(input.headers, caller, customAuthHeaders);
    else {
      if (input.credentials instanceof Error) throw input.credentials;
      const made = input.credentials ?? upstreamCredentialsOf(input.principal, input.signal, undefined);
      forwarded = Object.assign(contextHeaders(input.headers, caller), isLater(made) ? await made : made);
    }
    if (input.trace) Object.assign(forwarded, input.trace);
    const scope: CallScope = { headers: forwarded, tenantId: caller.tenantId, signal: input.signal };
    return { api: upstream.forCall(scope), signal: abortSignalOf(input.signal), caller, log: logger.child({ request: label, requestId: caller.requestId }) };
  }

  return { descriptors, appDescriptors, descriptorsFor, has: (name) => byName.has(name), call, context };
}
