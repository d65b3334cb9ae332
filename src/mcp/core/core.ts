// The one protocol core behind every lane (/sse + /messages, /mcp): it answers initialize, ping,
// server/discover, tools/list and tools/call (and resources/* when a resource is defined: ./resources),
// takes notifications, and never throws or leaves a request
// unanswered. Lanes parse and frame; they hand each message here with the headers of the HTTP request
// that carried it.
//
// Why not the SDK's Server: its Protocol drops a request that fails its stricter schema without an answer
// (a hung POST, a 202 with nothing on the stream), parses each message with zod three times, and answers
// an unknown tool with a result (McpServer) instead of the contract's -32601. A tool server needs five
// methods; they are here, and the SDK's own clients and the official conformance suite test them.
import type { Logger } from '../../logger';
import { noopMetrics, type Metrics } from '../../telemetry';
import type { Registry } from '../../tools/registry';
import { NO_RESOURCES, type ResourceSet } from '../../resources/resource-set';
import { RESOURCE_METHODS, resourceMethods, type Offer } from './resources';
import { NO_PROMPTS, type PromptSet } from '../../prompts/prompt-set';
import { surfaceMethods, type Surface } from './surface';
import type { CoreContext, Method, Params, ServerInfo } from './context';
import { RequestStateCodec } from './request-state';
import type { LevelBook } from './level-book';
import { ownerOf } from './owner';
import { PendingRequests, type AnswerOutcome } from './pending-requests';
import {
  classify,
  errorBody,
  JsonRpcError,
  JsonRpcErrorCode,
  ID_RULE,
  isUnechoableId,
  resultBody,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '../../protocol/jsonrpc';
import { echoed } from './echo';
import { serverInfoFor } from './server-info';
import { metaOf, revisionOf, toolsCallMethod } from './tools-call';
import type { Tasks } from './tasks';
import { isStatelessEra, META, negotiate, STATELESS_VERSION, toolFieldsOf, type ToolFields } from '../../protocol/versions';

/** Methods of each era: 2026-07-28 has no initialize and no ping; server/discover replaces them. */
const HANDSHAKE_METHODS = new Set(['initialize', 'ping', 'tools/list', 'tools/call']);
const STATELESS_METHODS = new Set(['server/discover', 'tools/list', 'tools/call']);

/** The revision a request claims in its `_meta` envelope (2026-07-28), or undefined (handshake era). */
export function claimedVersion(params: Record<string, unknown> | undefined): unknown {
  const meta = params?._meta;
  return typeof meta === 'object' && meta !== null ? (meta as Record<string, unknown>)[META.protocolVersion] : undefined;
}

/** Whether `method` exists in the era the request belongs to (the revision's method registry), without resources. */
export function isKnownMethod(method: string, params: Record<string, unknown> | undefined): boolean {
  return (isStatelessEra(claimedVersion(params)) ? STATELESS_METHODS : HANDSHAKE_METHODS).has(method);
}

/** `isKnownMethod` of one core: with resources/* where it offers a resource. */
export type KnownMethod = typeof isKnownMethod;

export interface ProtocolCore {
  /** Answers one request. Never rejects. */
  request(message: JsonRpcRequest, ctx: CoreContext): Promise<JsonRpcResponse>;
  /** Takes one notification (cancellation; the rest are acknowledged and ignored). Never throws. */
  notification(message: JsonRpcNotification, ctx: CoreContext): void;
  /** Classifies any parsed body and answers it: a response for a request or invalid input, else undefined. */
  handle(value: unknown, ctx: CoreContext): Promise<JsonRpcResponse | undefined>;
  /** Whether `method` exists for this core in the request's era (the /mcp edge's method-registry rung). */
  knows: KnownMethod;
  /** A client's answer to a request this core sent: taken by the call waiting for it, or refused. */
  answer(message: JsonRpcResponse, ctx: Pick<CoreContext, 'headers' | 'principal'>): Promise<AnswerOutcome>;
  /** The requests this core sent that wait for answers (routing between processes asks it). */
  readonly pending: PendingRequests;
}

export interface CoreOptions {
  registry: Registry;
  info: ServerInfo;
  logger: Logger;
  /** Shown to the model by clients that support it (initialize and server/discover). */
  instructions?: string;
  /** Counts tools/calls that reach no tool (as tool="(unknown)", never by name); no-op by default. */
  metrics?: Metrics;
  /** resources/*; none by default: the methods then do not exist, as before. */
  resources?: ResourceSet;
  /**
   * Whether this lane offers MCP Apps views (`ui://` resources, `_meta.ui` on tools, the extension).
   * False on the hub's lane, which answers as it always has (docs/views.md). Default: false.
   */
  views?: boolean;
  /**
   * The whole surface beyond tools: prompts, completion, logging, subscriptions and server-to-client
   * requests. True on /mcp; false (the default) on the hub's lane, which answers as it always has.
   */
  surface?: boolean;
  /** Prompts and completers (with `surface`); none by default. */
  prompts?: PromptSet;
  /** Requests sent to clients, waiting for their answers (with `surface`); one per core by default. */
  pending?: PendingRequests;
  /** Seals and opens 2026-07-28 `requestState` (with `surface`); a random key of this core by default. */
  states?: RequestStateCodec;
  /**
   * The revision of a request that names none (no `MCP-Protocol-Version` header, no `_meta` claim): what
   * decides which of a tool's fields it gets (versions.ts, toolFieldsOf). '2024-11-05' on the hub's lane,
   * whose contract lists exactly those fields; '2025-03-26' by default, as the 2025-06-18 revision says a
   * server assumes of a Streamable HTTP request without the header.
   */
  unversioned?: string;
  /** The 2025-era callers' log levels (with `surface`), shared over the bus; this core's alone by default. */
  levels?: LevelBook;
  /** Tools that may run as tasks, and tasks/* (./tasks, docs/tasks.md); none by default: every call runs inline. */
  tasks?: Tasks;
}

/** How long a question to the user waits by default, and how many one caller may have waiting. */
export const CLIENT_REQUEST_TIMEOUT_MS = 300_000;
export const MAX_WAITING_PER_CALLER = 4;

const TOOLS_ONLY = Object.freeze({ tools: { listChanged: false } });

/** A 2026-07-28 result's kind: a multi-round-trip question, a task (./tasks), else complete. */
function resultTypeOf(value: Record<string, unknown>): string {
  const kind = value.resultType;
  return kind === 'input_required' || kind === 'task' ? kind : 'complete';
}

/** server/discover's capabilities with the Tasks extension beside any other extension (the Apps'). */
function withTasks(capabilities: object, extra: Readonly<Record<string, object>> | undefined): object {
  if (extra === undefined) return capabilities;
  const caps = capabilities as Record<string, unknown>;
  return Object.freeze({ ...caps, extensions: { ...(caps.extensions as object | undefined), ...extra.extensions } });
}

export function createProtocolCore({
  registry,
  info,
  logger,
  instructions,
  metrics = noopMetrics,
  resources = NO_RESOURCES,
  views = false,
  surface: withSurface = false,
  prompts = NO_PROMPTS,
  pending = new PendingRequests({ timeoutMs: CLIENT_REQUEST_TIMEOUT_MS, maxPerCaller: MAX_WAITING_PER_CALLER }),
  states = new RequestStateCodec(undefined, CLIENT_REQUEST_TIMEOUT_MS),
  unversioned = '2025-03-26',
  levels,
  tasks,
}: CoreOptions): ProtocolCore {
  const listResult = Object.freeze({ tools: registry.descriptors });
  const listResults: Record<ToolFields, object> = {
    all: listResult,
    annotated: Object.freeze({ tools: registry.descriptorsFor('annotated') }),
    basic: Object.freeze({ tools: registry.descriptorsFor('basic') }),
  };
  const fieldsOf = (params: Params, ctx: CoreContext): ToolFields => toolFieldsOf(revisionOf(metaOf(params), ctx) ?? unversioned);
  // 2026-07-28 results say they are complete and who answered; lists may be cached by the client. Tools,
  // resources and prompts are fixed for the process (listChanged: false), so a host may keep a list 5
  // minutes: a deploy that changes them is seen within that.
  // server/discover names the server in full (the Server Card says the same: src/card); every other result
  // carries name and version only, the identity without its description on each answer.
  const stamp = Object.freeze({ [META.serverInfo]: Object.freeze({ name: info.name, version: info.version }) });
  const discoverStamp = Object.freeze({ [META.serverInfo]: Object.freeze(serverInfoFor(info, STATELESS_VERSION)) });
  const cacheHint = { ttlMs: 300_000, cacheScope: 'private' } as const;
  const offer: Offer | undefined = resourceMethods({ registry, resources, views, cacheHint, fieldsOf });
  const surface: Surface | undefined = withSurface ? surfaceMethods({ registry, prompts, resources: offer !== undefined, cacheHint, levels }) : undefined;
  const capabilities = withTasks(surface ? Object.freeze({ ...(offer?.capabilities ?? TOOLS_ONLY), ...surface.capabilities }) : (offer?.capabilities ?? TOOLS_ONLY), tasks?.modernCapabilities);
  // 2025-era clients may subscribe to a resource (acknowledged: ./surface.ts); 2026-07-28 has no resources/subscribe.
  const withSubscribe = (caps: object): object => {
    const all = surface && offer ? { ...caps, ...surface.capabilities, resources: { subscribe: true, listChanged: false } } : surface ? { ...caps, ...surface.capabilities } : caps;
    return tasks ? { ...all, ...tasks.handshakeCapabilities } : all;
  };
  const initializeCapabilities = withSubscribe(offer?.capabilities ?? TOOLS_ONLY);
  const handshakeMethods = new Set([...HANDSHAKE_METHODS, ...(offer ? RESOURCE_METHODS : []), ...(surface?.handshakeMethods ?? []), ...(tasks?.handshakeMethods ?? [])]);
  const statelessMethods = new Set([...STATELESS_METHODS, ...(offer ? RESOURCE_METHODS : []), ...(surface?.statelessMethods ?? []), ...(tasks?.statelessMethods ?? [])]);
  const knows: KnownMethod = (method, params) => (isStatelessEra(claimedVersion(params)) ? statelessMethods : handshakeMethods).has(method);
  const discoverResult = Object.freeze({
    supportedVersions: [STATELESS_VERSION],
    capabilities,
    ...(instructions ? { instructions } : {}),
    ...cacheHint,
  });
  const statelessListResult = Object.freeze({ ...listResult, ...cacheHint });
  /**
   * `{ ...result, resultType: 'complete', _meta: { ...result._meta, ...named } }`, built by Object.assign
   * and two stores: V8 gives a spread's copy a map of its own, so the stores after it made a new map per
   * call (about 1 µs, and a slower JSON.stringify of the answer). Same keys, order and values; an own
   * `__proto__` key (which Object.assign would turn into a prototype) keeps the spread.
   */
  function stateless(result: unknown, named: object): unknown {
    const value = result as Record<string, unknown>;
    const meta = value._meta as Record<string, unknown> | undefined;
    if (Object.hasOwn(value, '__proto__') || (meta && Object.hasOwn(meta, '__proto__'))) {
      return { ...value, resultType: resultTypeOf(value), _meta: meta ? { ...meta, ...named } : named };
    }
    const stamped: Record<string, unknown> = Object.assign({}, value);
    stamped.resultType = resultTypeOf(value);
    stamped._meta = meta ? Object.assign({}, meta, named) : named;
    return stamped;
  }

  const methods = new Map<string, Method>([
    ['ping', () => ({})],
    [
      'initialize',
      (params) => {
        if (typeof params.protocolVersion !== 'string') {
          throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'initialize needs params.protocolVersion as a string');
        }
        const protocolVersion = negotiate(params.protocolVersion);
        return {
          protocolVersion,
          capabilities: offer ? withSubscribe(offer.initializeCapabilities(params.capabilities)) : initializeCapabilities,
          serverInfo: serverInfoFor(info, protocolVersion),
          ...(instructions ? { instructions } : {}),
        };
      },
    ],
    ['server/discover', () => discoverResult],
    [
      'tools/list',
      offer?.toolsList ?? ((params, ctx) => (isStatelessEra(claimedVersion(params)) ? statelessListResult : listResults[fieldsOf(params, ctx)])),
    ],
    ['tools/call', toolsCallMethod({ registry, logger, metrics, surface, pending, states, unversioned, tasks })],
    ...(offer?.methods ?? []),
    ...(surface?.methods ?? []),
    ...(tasks?.methods ?? []),
  ]);

  async function request(message: JsonRpcRequest, ctx: CoreContext): Promise<JsonRpcResponse> {
    // Lanes' fast paths skip classify(): the bounds on ids are held here too.
    if (isUnechoableId(message.id)) {
      return errorBody(JsonRpcErrorCode.InvalidRequest, ID_RULE, null);
    }
    const params = message.params ?? {};
    const version = claimedVersion(params);
    const modern = isStatelessEra(version);
    if (modern && version !== STATELESS_VERSION) {
      return errorBody(JsonRpcErrorCode.UnsupportedProtocolVersion, `Unsupported protocol version: ${echoed(version, 40)}`, message.id, {
        supported: [STATELESS_VERSION],
        requested: echoed(version, 40),
      });
    }
    const method = (modern ? statelessMethods : handshakeMethods).has(message.method) ? methods.get(message.method) : undefined;
    if (!method) return errorBody(JsonRpcErrorCode.MethodNotFound, `Method not found: ${echoed(message.method)}`, message.id);
    try {
      const result = await method(params, ctx, message.id);
      return resultBody(message.id, modern ? stateless(result, message.method === 'server/discover' ? discoverStamp : stamp) : result);
    } catch (error) {
      if (error instanceof JsonRpcError) return errorBody(error.code, error.message, message.id, error.data);
      // The registry maps every tool failure to a result; reaching here is a bug in the core itself.
      logger.error({ err: error, rpc: { id: message.id, method: message.method } }, 'protocol core failed');
      return errorBody(JsonRpcErrorCode.InternalError, 'Internal error', message.id);
    }
  }

  function notification(message: JsonRpcNotification, ctx: CoreContext): void {
    if (message.method === 'notifications/cancelled') {
      const requestId = message.params?.requestId;
      if (typeof requestId === 'string' || typeof requestId === 'number') ctx.cancel?.(requestId);
      return;
    }
    // notifications/initialized, roots/list_changed and any unknown notification: nothing to do.
    if (logger.isLevelEnabled('debug')) logger.debug({ rpc: { method: message.method.slice(0, 100) } }, 'notification ignored');
  }

  async function handle(value: unknown, ctx: CoreContext): Promise<JsonRpcResponse | undefined> {
    const classified = classify(value);
    switch (classified.kind) {
      case 'request':
        return request(classified.message, ctx);
      case 'notification':
        notification(classified.message, ctx);
        return undefined;
      case 'response':
        // An answer to a request this server sent (elicitation, sampling): the lane routes it (answer()).
        if (surface) void answer(classified.message, ctx).catch(() => undefined);
        return undefined;
      case 'invalid':
        return classified.answer;
    }
  }

  /** A client's answer to one of this core's requests: taken or routed, or refused (unknown or expired id, another caller). */
  function answer(message: JsonRpcResponse, ctx: Pick<CoreContext, 'headers' | 'principal'>): Promise<AnswerOutcome> {
    return pending.answer(message, ownerOf(ctx.headers, ctx.principal));
  }

  return { request, notification, handle, knows, answer, pending };
}
