// The rest of the server surface on /mcp: prompts/list, prompts/get, completion/complete,
// logging/setLevel and resources/subscribe|unsubscribe, with their capabilities. Only the /mcp core offers
// them: the hub's lane answers as it always has. prompts/get and completion/complete may call the
// customer's API with this request's credentials (Registry.context), like a tool.
import { failureResult } from '../../tools/results';
import type { Registry } from '../../tools/registry';
import type { PromptSet } from '../../prompts/prompt-set';
import { describeArguments } from '../../prompts/prompt-set';
import type { CoreContext, Method, Params } from './context';
import { echoed } from './echo';
import { JsonRpcError, JsonRpcErrorCode } from '../../protocol/jsonrpc';
import { LevelBook } from './level-book';
import { isLogLevel, LOG_LEVEL_META, type LogLevel } from '../../protocol/log-levels';
import { ownerOf } from './owner';
import { traceContext } from '../../protocol/trace-context';
import { isStatelessEra, META } from '../../protocol/versions';

export const PROMPT_METHODS = ['prompts/list', 'prompts/get'] as const;
export const COMPLETION_METHODS = ['completion/complete'] as const;
/** 2025-era only: 2026-07-28 carries the level in each request's `_meta` and has no resources/subscribe. */
export const SESSION_METHODS = ['logging/setLevel', 'resources/subscribe', 'resources/unsubscribe'] as const;

/** What a 2025-era client that never set a level gets: info and above (MCP lets the server decide). */
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

export interface SurfaceOptions {
  registry: Registry;
  prompts: PromptSet;
  /** Whether resources are offered (resources/subscribe then exists on 2025-era requests). */
  resources: boolean;
  cacheHint: object;
  /** The 2025-era callers' log levels (./level-book.ts); one of this process alone by default. */
  levels?: LevelBook;
}

export interface Surface {
  /** Capabilities this part adds to initialize and server/discover. */
  readonly capabilities: Readonly<Record<string, object>>;
  readonly handshakeMethods: readonly string[];
  readonly statelessMethods: readonly string[];
  readonly methods: ReadonlyArray<[string, Method]>;
  /** The log level for one call: the request's own (2026-07-28) or the one its caller set (2025). */
  logLevelOf(params: Params, ctx: CoreContext): LogLevel | undefined;
}

const isObject = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value);

function stringArguments(value: unknown, what: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value)) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `${what} must be an object of strings`);
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `${what}.${echoed(key)} must be a string`);
  }
  return value as Record<string, string>;
}

export function surfaceMethods({ registry, prompts, resources, cacheHint, levels = new LevelBook() }: SurfaceOptions): Surface {
  const modern = (params: Params) => isStatelessEra((params._meta as Params | undefined)?.[META.protocolVersion]);
  const stamp = (params: Params, result: object) => (modern(params) ? { ...result, ...cacheHint } : result);
  const promptList = prompts.list;

  function contextOf(ctx: CoreContext, params: Params, label: string) {
    return registry.context(
      {
        headers: ctx.headers,
        signal: ctx.signal,
        clientAddress: ctx.clientAddress,
        principal: ctx.principal,
        credentials: ctx.credentials,
        trace: traceContext(ctx.headers, params._meta as Params | undefined),
      },
      label,
    );
  }

  /** A failure of the fork's own code (or its API) during prompts/get or completion: an error the client shows. */
  function failed(error: unknown): never {
    if (error instanceof JsonRpcError) throw error;
    const text = failureResult(error).result.content.map((item) => (item.type === 'text' ? item.text : '')).join(' ');
    throw new JsonRpcError(JsonRpcErrorCode.InternalError, text);
  }

  async function get(params: Params, ctx: CoreContext): Promise<unknown> {
    if (typeof params.name !== 'string') throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'prompts/get needs params.name, the prompt name as a string');
    const prompt = prompts.find(params.name);
    if (!prompt) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `Unknown prompt: ${echoed(params.name)}`);
    // oauth mode: the prompt's scopes, as a tool's (a refusal in-band here; src/auth's HTTP 403 challenge covers tools and resources).
    const missing = ctx.principal ? prompt.scopes.filter((scope) => !ctx.principal!.scopes.has(scope)) : [];
    if (missing.length > 0) throw new JsonRpcError(JsonRpcErrorCode.InvalidRequest, `Insufficient scope for prompt ${prompt.name}: the token lacks ${missing.join(' ')}`, { requiredScopes: missing });
    const parsed = prompt.schema.safeParse(stringArguments(params.arguments, 'params.arguments'));
    if (!parsed.success) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `The arguments for prompt ${prompt.name} are not valid: ${describeArguments(parsed.error)}`);
    try {
      return stamp(params, await prompts.render(prompt, parsed.data, await contextOf(ctx, params, `prompt ${prompt.name}`)));
    } catch (error) {
      return failed(error);
    }
  }

  async function complete(params: Params, ctx: CoreContext): Promise<unknown> {
    const { ref, argument } = params;
    if (!isObject(ref) || !isObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
      throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'completion/complete needs params.ref and params.argument { name, value }');
    }
    let target: { type: 'prompt'; name: string } | { type: 'template'; uriTemplate: string };
    if (ref.type === 'ref/prompt' && typeof ref.name === 'string') {
      if (!prompts.find(ref.name)) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `Unknown prompt: ${echoed(ref.name)}`);
      target = { type: 'prompt', name: ref.name };
    } else if (ref.type === 'ref/resource' && typeof ref.uri === 'string') target = { type: 'template', uriTemplate: ref.uri };
    else throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'params.ref must be { type: "ref/prompt", name } or { type: "ref/resource", uri }');
    const context = isObject(params.context) ? stringArguments(params.context.arguments, 'params.context.arguments') : {};
    const completer = prompts.completer(target, argument.name);
    if (!completer) return stamp(params, { completion: { values: [], hasMore: false } });
    try {
      const completion = await prompts.complete(completer, argument.value, await contextOf(ctx, params, `completion ${target.type}`), context);
      return stamp(params, { completion });
    } catch (error) {
      return failed(error);
    }
  }

  function setLevel(params: Params, ctx: CoreContext): unknown {
    if (!isLogLevel(params.level)) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'logging/setLevel needs params.level, one of debug, info, notice, warning, error, critical, alert, emergency');
    levels.set(ownerOf(ctx.headers, ctx.principal), params.level);
    return {};
  }

  function subscription(params: Params): unknown {
    if (typeof params.uri !== 'string') throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'params.uri must be the resource URI as a string');
    // Stateless: no stream outlives a request, so there is nothing to hold a subscription; acknowledged
    // (docs/prompts-and-requests.md says what a client gets instead).
    return {};
  }

  const hasPrompts = prompts.size > 0;
  const capabilities: Record<string, object> = { logging: {} };
  if (hasPrompts) capabilities.prompts = { listChanged: false };
  if (hasPrompts || prompts.completes) capabilities.completions = {};
  const common = [...(hasPrompts ? PROMPT_METHODS : []), ...(hasPrompts || prompts.completes ? COMPLETION_METHODS : [])];
  return {
    capabilities: Object.freeze(capabilities),
    handshakeMethods: [...common, 'logging/setLevel', ...(resources ? ['resources/subscribe', 'resources/unsubscribe'] : [])],
    statelessMethods: common,
    methods: [
      ['prompts/list', (params) => stamp(params, promptList)],
      ['prompts/get', get],
      ['completion/complete', complete],
      ['logging/setLevel', setLevel],
      ['resources/subscribe', subscription],
      ['resources/unsubscribe', subscription],
    ],
    logLevelOf: (params, ctx) => {
      const meta = params._meta as Params | undefined;
      if (modern(params)) {
        const level = meta?.[LOG_LEVEL_META];
        return isLogLevel(level) ? level : undefined;
      }
      return levels.get(ownerOf(ctx.headers, ctx.principal)) ?? DEFAULT_LOG_LEVEL;
    },
  };
}
