// resources/list, resources/templates/list and resources/read, and what they change in the
// core's other answers: the resources capability and, on a lane that shows views, the MCP Apps extension
// and the tools' `_meta.ui`. Built once per core; nothing here runs on a tools/call.
import { isView, UI_EXTENSION } from '../../resources/define-view';
import type { ResourceSet } from '../../resources/resource-set';
import { viewPlaceholder } from '../../resources/view-placeholder';
import type { Registry } from '../../tools/registry';
import { echoed } from './echo';
import { JsonRpcError, JsonRpcErrorCode } from '../../protocol/jsonrpc';
import type { CoreContext } from './context';
import { isStatelessEra, META, type ToolFields } from '../../protocol/versions';
import { carriesViewSession } from './view-session';

type Params = Record<string, unknown>;
type Method = (params: Params, ctx: CoreContext) => unknown;

export const RESOURCE_METHODS = ['resources/list', 'resources/templates/list', 'resources/read'] as const;

/** What a core with resources answers differently. */
export interface Offer {
  /** server/discover's capabilities. */
  readonly capabilities: object;
  /** initialize's capabilities: the extension only when the client declared it there (2025 era). */
  initializeCapabilities(clientCapabilities: unknown): object;
  readonly toolsList: (params: Params, ctx: CoreContext) => unknown;
  readonly methods: ReadonlyArray<[string, Method]>;
}

export interface OfferOptions {
  registry: Registry;
  resources: ResourceSet;
  /** Whether this lane shows views: false on the hub's lane. */
  views: boolean;
  cacheHint: { readonly ttlMs: number; readonly cacheScope: 'private' | 'public' };
  /** Which of a tool's fields a 2025-era request's revision knows (core.ts). */
  fieldsOf(params: Params, ctx: CoreContext): ToolFields;
}

const isObject = (value: unknown): value is Params => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether client capabilities (initialize's, or a 2026-07-28 request's `_meta`) declare MCP Apps. */
export function declaresViews(capabilities: unknown): boolean {
  return isObject(capabilities) && isObject(capabilities.extensions) && isObject(capabilities.extensions[UI_EXTENSION]);
}

/** The tools a model can call (not view-only helpers) whose view is `uri`. */
function modelToolsShowing(registry: Registry, uri: string): string[] {
  return registry.appDescriptors
    .filter((tool) => {
      const ui = (tool._meta as { ui?: { resourceUri?: string; visibility?: readonly string[] } } | undefined)?.ui;
      return ui?.resourceUri === uri && (ui.visibility === undefined || ui.visibility.includes('model'));
    })
    .map((tool) => tool.name);
}

/** The resources part of a core, or undefined when it offers no resource (the methods then do not exist). */
export function resourceMethods({ registry, resources, views, cacheHint, fieldsOf }: OfferOptions): Offer | undefined {
  if (resources.size === 0) return undefined;
  const showsViews = views && resources.list.resources.some(isView);
  const base = Object.freeze({ tools: { listChanged: false }, resources: { listChanged: false } });
  const withExtension = Object.freeze({ ...base, extensions: { [UI_EXTENSION]: {} } });

  const plainTools = Object.freeze({ tools: registry.descriptors });
  const appTools = Object.freeze({ tools: registry.appDescriptors });
  const stateless = (result: object) => Object.freeze({ ...result, ...cacheHint });
  const statelessPlainTools = stateless(plainTools);
  const statelessAppTools = stateless(appTools);
  const list = stateless(resources.list);
  const templates = stateless(resources.templates);
  // A client that did not declare MCP Apps is not offered the views (a view is ~400 KB of HTML a host
  // without views would hand its model), nor the tools' `_meta.ui` and view-only helpers (a model without
  // views would call a helper meant for a view). 2026-07-28 says so on every request. A 2025-era request
  // says it by the Mcp-Session-Id its initialize was answered (./view-session.ts): tools/list,
  // resources/list and resources/read all follow it; a read of a view without that id is answered a short
  // page (docs/views.md).
  const viewless = Object.freeze({ resources: Object.freeze(resources.list.resources.filter((resource) => !isView(resource))) });
  const statelessViewless = stateless(viewless);

  // The short page per view, built once: it names the tools the model can call instead.
  const placeholders = new Map(
    resources.list.resources.filter(isView).map((view) => [view.uri, Object.freeze({ contents: Object.freeze([viewPlaceholder(view, modelToolsShowing(registry, view.uri))]) })]),
  );

  const earlier = { annotated: Object.freeze({ tools: registry.descriptorsFor('annotated') }), basic: Object.freeze({ tools: registry.descriptorsFor('basic') }) };

  function toolsList(params: Params, ctx: CoreContext): unknown {
    const meta = params._meta as Params | undefined;
    if (!isStatelessEra(meta?.[META.protocolVersion])) {
      // Before 2025-06-18 a client knows neither `_meta` on a tool nor its output (versions.ts).
      const fields = fieldsOf(params, ctx);
      if (fields !== 'all') return earlier[fields];
      return showsViews && carriesViewSession(ctx.headers) ? appTools : plainTools;
    }
    return showsViews && declaresViews(meta?.[META.clientCapabilities]) ? statelessAppTools : statelessPlainTools;
  }

  function resourcesList(params: Params, ctx: CoreContext): unknown {
    const meta = params._meta as Params | undefined;
    if (!isStatelessEra(meta?.[META.protocolVersion])) return showsViews && !carriesViewSession(ctx.headers) ? viewless : resources.list;
    return showsViews && !declaresViews(meta?.[META.clientCapabilities]) ? statelessViewless : list;
  }

  async function read(params: Params, ctx: CoreContext): Promise<unknown> {
    const uri = params.uri;
    if (typeof uri !== 'string') throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'resources/read needs params.uri, the resource URI as a string');
    const meta = params._meta as Params | undefined;
    if (showsViews && isView({ uri }) && isStatelessEra(meta?.[META.protocolVersion]) && !declaresViews(meta?.[META.clientCapabilities])) {
      throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `Resource not offered: ${echoed(uri)} is an MCP Apps view, sent only to clients that declare the ${UI_EXTENSION} extension in their capabilities`, {
        uri: echoed(uri),
      });
    }
    const placeholder = showsViews && !isStatelessEra(meta?.[META.protocolVersion]) && !carriesViewSession(ctx.headers) ? placeholders.get(uri) : undefined;
    if (placeholder) return placeholder;
    const answer = resources.read(uri);
    // MCP: resource not found is -32602 with data { uri } (SDK v2's ResourceNotFoundError).
    if (answer === undefined) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `Resource not found: ${echoed(uri)}`, { uri: echoed(uri) });
    const result = await answer;
    return isStatelessEra((params._meta as Params | undefined)?.[META.protocolVersion]) ? { ...result, ...cacheHint } : result;
  }

  const era = (plain: object, modern: object): Method => (params) => (isStatelessEra((params._meta as Params | undefined)?.[META.protocolVersion]) ? modern : plain);

  return {
    capabilities: showsViews ? withExtension : base,
    initializeCapabilities: (client) => (showsViews && declaresViews(client) ? withExtension : base),
    toolsList,
    methods: [
      ['resources/list', resourcesList],
      ['resources/templates/list', era(resources.templates, templates)],
      ['resources/read', read],
    ],
  };
}
