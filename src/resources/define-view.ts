// `defineView` declares an MCP Apps view (SEP-1865, `io.modelcontextprotocol/ui`): a `ui://` resource of
// HTML that a host renders in a sandboxed frame for the tools that name it (`defineTool({ view })`).
// The HTML is read on the first resources/read and kept: nothing is loaded while no client asks for it.
// In development every read reads it again, so a view `npm run dev` rebuilt is served without a restart.
// With VIEW_ASSETS_URL set the server sends each view's shared form instead (./view-assets.ts).
import { defineResource, type ReadOptions, type Resource } from './define-resource';
import { cspWithAssets, withRuntimeAt, type ViewAssets } from './view-assets';
import type { ViewCsp, ViewPermissions } from './view-policy';

export type { ViewCsp, ViewPermissions } from './view-policy';

/** The MIME type of an MCP Apps HTML view. */
export const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';

/** The extension's id in `capabilities.extensions` (both the server's and the client's). */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';

export interface ViewSpec {
  /** `ui://<server>/<view>`, e.g. `ui://orders/table`. */
  uri: `ui://${string}`;
  name: string;
  title?: string;
  description?: string;
  /** The whole view as one HTML document (see builtView: the file `npm run build` wrote). */
  html(): Promise<string> | string;
  /**
   * The view's shared form, which loads the runtime all views share (sent only with VIEW_ASSETS_URL set).
   * Default: builtView's (`dist/views/<name>.shared.html`); a view with neither is always sent whole.
   */
  sharedHtml?(): Promise<string> | string;
  csp?: ViewCsp;
  permissions?: ViewPermissions;
  /** Whether the host should draw a border around the view. */
  prefersBorder?: boolean;
  /** A dedicated sandbox origin, where a host supports one. */
  domain?: string;
}

/** Whether a resource is an MCP Apps view: the hub's lane never lists one (docs/views.md). */
export function isView(resource: { uri: string }): boolean {
  return resource.uri.startsWith('ui://');
}

/** A view's resource; `shared` gives its shared form (undefined when the view has none). */
export interface ViewResource extends Resource {
  readonly shared?: (assets: ViewAssets) => Resource;
}

/** A view's `read`: kept once read, unless the read is `fresh`; a failed read (a view not built yet) is tried again. */
function kept(load: () => Promise<string> | string): (options?: ReadOptions) => Promise<string> {
  let html: Promise<string> | undefined;
  return (options) => {
    if (options?.fresh) return Promise.resolve(load());
    html ??= Promise.resolve(load()).catch((error: unknown) => {
      html = undefined;
      throw error;
    });
    return html;
  };
}

/**
 * The resources a server offers: with `assets` (VIEW_ASSETS_URL), each view that has a shared form in
 * that form; without, the resources as they are (no cost when the setting is off).
 */
export function inSharedForm(resources: readonly Resource[], assets: ViewAssets | undefined): readonly Resource[] {
  if (assets === undefined) return resources;
  return resources.map((resource) => (resource as ViewResource).shared?.(assets) ?? resource);
}

export function defineView(spec: ViewSpec): ViewResource {
  if (!/^ui:\/\/[^/\s]+\/?\S*$/.test(spec.uri)) throw new TypeError(`View URI "${spec.uri}" must be ui://<server>/<view>`);
  const ui = {
    ...(spec.csp ? { csp: spec.csp } : {}),
    ...(spec.permissions ? { permissions: spec.permissions } : {}),
    ...(spec.prefersBorder === undefined ? {} : { prefersBorder: spec.prefersBorder }),
    ...(spec.domain ? { domain: spec.domain } : {}),
  };
  const listing = {
    uri: spec.uri,
    name: spec.name,
    ...(spec.title ? { title: spec.title } : {}),
    ...(spec.description ? { description: spec.description } : {}),
    mimeType: VIEW_MIME_TYPE,
  };
  const resource = defineResource({ ...listing, meta: { ui }, read: kept(() => spec.html()) });
  const sharedHtml = spec.sharedHtml ?? (spec.html as { shared?: () => Promise<string> }).shared;
  if (sharedHtml === undefined) return resource;
  return Object.freeze({
    ...resource,
    shared: (assets: ViewAssets) =>
      defineResource({
        ...listing,
        meta: { ui: { ...ui, csp: cspWithAssets(spec.csp, assets) } },
        read: kept(async () => withRuntimeAt(await sharedHtml(), assets)),
      }),
  });
}
