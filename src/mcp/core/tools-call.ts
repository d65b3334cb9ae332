// tools/call, the one method that runs a tool: its parameters checked, an unknown tool refused (-32601),
// progress and the ClientLink of the call's era built, then the registry's call. 2026-07-28 calls that ask
// the user become multi-round-trip results (./modern-link.ts); 2025-era ones ask over the lane (./call-link.ts).
import type { Logger } from '../../logger';
import type { Metrics } from '../../telemetry';
import { unnamedCall } from '../../tools/finish-call';
import type { CallInput, Registry } from '../../tools/registry';
import { BusUnavailableError } from '../../sessions/bus';
import { CallLink } from './call-link';
import type { CoreContext, Method, Params } from './context';
import { echoed, MAX_ECHO } from './echo';
import { JsonRpcError, JsonRpcErrorCode } from '../../protocol/jsonrpc';
import { answersOf, CallBinding, inputRequiredResult, ModernLink } from './modern-link';
import type { PendingRequests } from './pending-requests';
import type { RequestStateCodec } from './request-state';
import type { Surface } from './surface';
import type { Tasks } from './tasks';
import { traceContext } from '../../protocol/trace-context';
import { isStatelessEra, META, toolFieldsOf } from '../../protocol/versions';

export interface ToolsCallOptions {
  registry: Registry;
  logger: Logger;
  metrics: Metrics;
  /** The /mcp surface (questions to the user, log levels); undefined on the hub's lane. */
  surface: Surface | undefined;
  pending: PendingRequests;
  states: RequestStateCodec;
  /** The revision of a request that names none (core.ts, CoreOptions.unversioned). */
  unversioned: string;
  /** Tasks (/mcp only): a tool that may run as one does so where the request asks; undefined elsewhere. */
  tasks?: Tasks;
}

/** The name and arguments of a tools/call, or -32602 with a sentence naming what is wrong. */
export function callParams(params: Params): { name: string; args: unknown } {
  const { name, arguments: args } = params;
  if (typeof name !== 'string') {
    throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'tools/call needs params.name, the tool name as a string');
  }
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'tools/call params.arguments must be an object');
  }
  return { name, args };
}

/**
 * The bus could not say whether a requestState was used (Redis down, the primary gone): refused, never
 * accepted twice. ServerUnavailable is what the /mcp lane answers as 503 with Retry-After.
 */
function stateUnchecked(error: unknown): never {
  if (error instanceof BusUnavailableError) throw new JsonRpcError(JsonRpcErrorCode.ServerUnavailable, 'Cannot check params.requestState right now; retry shortly');
  throw error;
}

export function metaOf(params: Params): Params | undefined {
  return params._meta as Params | undefined; // classify() checked it is an object when present
}

/** The MCP revision of a request, where known: its `_meta` (2026-07-28) or the MCP-Protocol-Version header. */
export function revisionOf(meta: Params | undefined, ctx: CoreContext): string | undefined {
  const claimed = meta?.[META.protocolVersion];
  if (typeof claimed === 'string') return claimed.slice(0, 40);
  const header = ctx.headers['mcp-protocol-version'];
  return typeof header === 'string' ? header.slice(0, 40) : undefined;
}

/** One round of a 2026-07-28 call: its result, or `input_required` when the handler asked a question not answered yet. */
function modernCall(registry: Registry, input: CallInput, link: ModernLink, states: RequestStateCodec, binding: CallBinding): Promise<unknown> {
  input.client = link;
  return registry.call(binding.tool, binding.args, input).catch((error: unknown) => inputRequiredResult(error, states, binding));
}

export function toolsCallMethod({ registry, logger, metrics, surface, pending, states, unversioned, tasks }: ToolsCallOptions): Method {
  return (params, ctx, id) => {
    let call: { name: string; args: unknown };
    try {
      call = callParams(params);
    } catch (error) {
      unnamedCall(logger, metrics, 'invalid_request', params.name, ctx.headers);
      throw error;
    }
    const { name, args } = call;
    // Contract, Errors table: an unknown tool is a JSON-RPC error -32601, not a tool result. Every
    // tools/call writes its line, this one too; the name is the client's, so it is cut.
    if (!registry.has(name)) {
      unnamedCall(logger, metrics, 'unknown_tool', name, ctx.headers);
      throw new JsonRpcError(JsonRpcErrorCode.MethodNotFound, `Unknown tool: ${echoed(name)}`);
    }
    const meta = metaOf(params);
    const token = meta?.progressToken;
    // Every progress notification repeats the token: a long one would multiply.
    if (typeof token === 'string' && token.length > MAX_ECHO) {
      unnamedCall(logger, metrics, 'invalid_request', name, ctx.headers);
      throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `params._meta.progressToken must be a number or a string of at most ${MAX_ECHO} characters`);
    }
    const notify = ctx.notify;
    const progress =
      notify && (typeof token === 'string' || typeof token === 'number')
        ? (value: number, total?: number, message?: string) =>
            notify({
              jsonrpc: '2.0',
              method: 'notifications/progress',
              params: { progressToken: token, progress: value, ...(total === undefined ? {} : { total }), ...(message ? { message } : {}) },
            })
        : undefined;
    const modern = isStatelessEra(meta?.[META.protocolVersion]);
    const revision = revisionOf(meta, ctx);
    // One input for the registry, whichever way the call runs: inline it gets its ClientLink below; as a
    // task, the runner's link, signal, progress and status replace this request's.
    const input: CallInput = {
      client: undefined,
      headers: ctx.headers,
      signal: ctx.signal,
      clientAddress: ctx.clientAddress,
      progress,
      trace: traceContext(ctx.headers, meta),
      rpcId: id,
      protocolVersion: revision,
      structured: toolFieldsOf(revision ?? unversioned) === 'all',
      principal: ctx.principal,
      credentials: ctx.credentials,
      mcp: surface !== undefined,
    };
    // A task where the tool may be one and the request asks for it (docs/tasks.md); every other call runs
    // inline as it always has: one property read and one map lookup here, nothing allocated.
    if (tasks !== undefined && registry.taskOf?.(name) !== undefined && tasks.asked(params, modern, ctx)) {
      return tasks.create(params, ctx, name, modern, (link, signal, taskProgress, status) =>
        registry.call(name, args, { ...input, client: link, signal, progress: taskProgress, status }),
      );
    }
    if (surface && modern) {
      // 2026-07-28: questions are a multi-round-trip result; the answers so far come back in a sealed state.
      const binding = new CallBinding(name, args, ctx.headers, ctx.principal);
      const level = surface.logLevelOf(params, ctx);
      const answers = answersOf(states, binding, params);
      if (answers instanceof Promise) {
        return answers.then((opened) => modernCall(registry, input, new ModernLink(notify, level, meta, opened), states, binding), stateUnchecked);
      }
      return modernCall(registry, input, new ModernLink(notify, level, meta, answers), states, binding);
    }
    input.client = surface && notify ? new CallLink(notify, surface.logLevelOf, params, ctx, pending) : undefined;
    return registry.call(name, args, input);
  };
}
