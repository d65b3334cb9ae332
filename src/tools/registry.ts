// The tool registry: what the core asks of tools. Its listing is built by catalogue.ts; here it runs one
// call end to end: context from the POST's headers → argument check → handler → result (answer.ts), with
// one log line per call (tool-run.ts).
import { callerKey, createFairness, type Fairness } from '../limits';
import type { Logger } from '../logger';
import { abortSignalOf, stoppedByShutdown, type Cancellation } from '../call-signal';
import { isLater, type NowOrLater } from '../auth/now-or-later';
import type { CallScope, Upstream } from '../upstream/api-client';
import { callerFrom, contextHeaders, forwardedHeaders, type Caller, type ForwardedHeaders } from '../upstream/credentials';
import { NoUserError } from '../auth/errors';
import type { Principal, UpstreamCredentials } from '../auth/principal';
import type { ToolFields } from '../protocol/versions';
import { noopMetrics, type CallSpan, type Metrics, type Tracing } from '../telemetry';
import { InputRequired } from '../protocol/client-link';
import type { RequestContext } from '../prompts/types';
import { describeIssues, isResult, jsonOutput, jsonTextResult, structuredResult } from './answer';
import type { CallInput } from './call-input';
import { CallObserver } from './call-observer';
import { createCatalogue } from './catalogue';
import { dynamicTools } from './dynamic';
import { failureCause } from './failure-cause';
import { checkArguments } from './null-arguments';
import { errorResult, failureResult, textResult, type ToolResult } from './results';
import { CallContext, STOPPED_BY_SHUTDOWN, ToolRun, type UserFilesFactory } from './tool-run';
import type { Tool } from './tool-types';
import { illFormedField } from './well-formed';

export type { CallInput } from './call-input';
export { STOPPED_BY_SHUTDOWN, type UserFilesFactory } from './tool-run';

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
  /**
   * Sees the headers a call without a verified principal forwards (the hub's lane) and may refuse them by
   * throwing: in oauth mode, a token made for /mcp (src/auth/resource-token-guard.ts). Default: none.
   */
  guardForwarded?: (forwarded: ForwardedHeaders) => ForwardedHeaders;
  /**
   * 'dynamic' (TOOLS_MODE): tools/list shows a few tools that find, describe and run the others
   * (./dynamic.ts) instead of every tool, for an API larger than a host holds. Default 'static'.
   */
  mode?: 'static' | 'dynamic';
  /** 'strict' (TOOL_SCHEMAS): input schemas listed in OpenAI's strict form (./strict-schema.ts). Default 'portable'. */
  schemas?: 'portable' | 'strict';
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
  /** Whether a known tool may run as a task (`defineTool({ task })`); undefined: never. */
  taskOf?(name: string): Tool['task'];
  /** Runs a known tool; never throws: every failure becomes an isError result. */
  call(name: string, args: unknown, input: CallInput): Promise<ToolResult>;
  /**
   * The context of a request that is not a tool call (prompts/get, completion/complete): the customer's
   * API with this request's credentials, made exactly as for a call. Rejects when they cannot be made.
   */
  context(input: CallInput, label: string): Promise<RequestContext>;
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
  guardForwarded = (forwarded: ForwardedHeaders) => forwarded,
  mode = 'static',
  schemas = 'portable',
}: RegistryOptions): Registry {
  // Dynamic mode lists its own tools and the view-only helpers (views call them by name); every tool stays callable.
  const dynamic = mode === 'dynamic' ? dynamicTools(tools) : undefined;
  if (dynamic) tools = [...dynamic.listed, ...tools];
  const listed = dynamic && ((tool: Tool) => dynamic.listed.includes(tool) || !tool.forModel);
  // The listing (tools/list, and which tools exist): catalogue.ts.
  const { byName, descriptors, appDescriptors, descriptorsFor, nullMeansOmitted } = createCatalogue(tools, logger, { listed, strict: schemas === 'strict' });
  // Per-tool metric children resolved once; with metrics alone, one shared observer per tool (no per-call state).
  const toolMetrics = new Map(tools.map((tool) => [tool.name, metrics.forTool(tool.name)]));
  const sharedObservers = new Map(tools.map((tool) => [tool.name, new CallObserver(tool.name, toolMetrics.get(tool.name)!, undefined, undefined, undefined)]));

  async function call(name: string, args: unknown, input: CallInput): Promise<ToolResult> {
    // Dynamic mode's call tool, asked for an operation it runs: the operation's own call, as if listed.
    const forward = dynamic?.forward(name, args);
    if (forward) return call(forward.name, forward.args, { ...input, via: name });
    const tool = byName.get(name);
    if (!tool) throw new TypeError(`Unknown tool "${name}": check has() first`);
    const { headers, rpcId, protocolVersion, trace, principal } = input;
    const caller = callerOf(headers, principal);
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
    // Argument check → handler → result, in this one async function (a layer less per call);
    // every failure becomes a result.
    try {
      // A null for an optional field means "not given" (./null-arguments.ts); strict schemas list them all nullable.
      const parsed = checkArguments(tool.schema, tool.descriptor.inputSchema, args, nullMeansOmitted(name));
      if (!parsed.success) {
        const again = input.via ? `${input.via} again with the name ${name}` : `${name} again`;
        const text = `The arguments for ${name} are not valid: ${describeIssues(parsed.error)}. Please correct them and call ${again}.`;
        return run.finish(errorResult(text), 'INVALID_ARGUMENTS');
      }
      const illFormed = illFormedField(parsed.data);
      if (illFormed !== undefined) {
        const again = input.via ? `${input.via} again with the name ${name}` : `${name} again`;
        const text = `The arguments for ${name} are not valid: ${illFormed}: contains text that is not valid Unicode (a lone surrogate). Please correct it and call ${again}.`;
        return run.finish(errorResult(text), 'INVALID_ARGUMENTS');
      }
      try {
        // Before any credential is made or used: a tool that acts for a person has none to act for.
        if (tool.needsUser && principal?.machine === true) throw new NoUserError({ tool: name });
        let forwarded: ForwardedHeaders;
        if (principal === undefined) forwarded = guardForwarded(forwardedHeaders(headers, caller, customAuthHeaders));
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
        // The tool's security schemes (defineTool's `credentials`): the caller's own headers are read only where they are forwarded.
        if (tool.placement) run.credentials = { placement: tool.placement, caller: principal === undefined ? headers : undefined, keyRefusal: input.mcp === true };
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

  /** A verified caller is known by its subject's tag, never by an X-User-Id it could choose; a machine says so. */
  function callerOf(headers: CallInput['headers'], principal: Principal | undefined): Caller {
    const caller = callerFrom(headers);
    if (principal === undefined) return caller;
    caller.userId = principal.subjectTag;
    if (principal.machine === true) caller.machine = true;
    return caller;
  }

  /** A verified caller's headers: the credentials made for it and the request's non-credential headers. */
  function withContext(run: ToolRun, made: Readonly<Record<string, string>>): ForwardedHeaders {
    return Object.assign(contextHeaders(run.input.headers, run.caller), made);
  }

  async function context(input: CallInput, label: string): Promise<RequestContext> {
    const caller = callerOf(input.headers, input.principal);
    let forwarded: ForwardedHeaders;
    if (input.principal === undefined) forwarded = guardForwarded(forwardedHeaders(input.headers, caller, customAuthHeaders));
    else {
      if (input.credentials instanceof Error) throw input.credentials;
      const made = input.credentials ?? upstreamCredentialsOf(input.principal, input.signal, undefined);
      forwarded = Object.assign(contextHeaders(input.headers, caller), isLater(made) ? await made : made);
    }
    if (input.trace) Object.assign(forwarded, input.trace);
    const scope: CallScope = { headers: forwarded, tenantId: caller.tenantId, signal: input.signal };
    return { api: upstream.forCall(scope), signal: abortSignalOf(input.signal), caller, log: logger.child({ request: label, requestId: caller.requestId }) };
  }

  return { descriptors, appDescriptors, descriptorsFor, has: (name) => byName.has(name), taskOf: (name) => byName.get(name)?.task, call, context };
}
