// `defineView` declares an MCP Apps view (SEP-1865, `io.modelcontextprotocol/ui`): a `ui://` resource of
// HTML that a host renders in a sandboxed frame for the tools that name it (`defineTool({ view })`).
// The HTML is read on the first resources/read and kept: nothing is loaded while no client asks for it.
// In development every read reads it again, so a view `npm run dev` rebuilt is served without a restart.
import { defineResource, type Resource } from './define-resource';

/** The MIME type of an MCP Apps HTML view. */
export const VIEW_MIME_TYPE = 'text/html;profile=mcp-app';

/** The extension's id in `capabilities.extensions` (both the server's and the client's). */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';

/** Origins the host's Content Security Policy lets the view reach; none by default (no network at all). */
export interface ViewCsp {
  /** fetch, XHR and WebSocket. */
  connectDomains?: readonly string[];
  /** Scripts, styles, images, fonts and media. */
  resourceDomains?: readonly string[];
  /** Nested frames. */
  frameDomains?: readonly string[];
  baseUriDomains?: readonly string[];
}

/** Browser permissions the view asks the host's frame for; none by default. */
export interface ViewPermissions {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
}

export interface ViewSpec {
  /** `ui://<server>/<view>`, e.g. `ui://orders/table`. */
  uri: `ui://${string}`;
  name: string;
  title?: string;
  description?: string;
  /** The whole view as one HTML document (see builtView: the file `npm run build` wrote). */
  html(): Promise<string> | string;
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

export function defineView(spec: ViewSpec): Resource {
  if (!/^ui:\/\/[^/\s]+\/?\S*$/.test(spec.uri)) throw new TypeError(`View URI "${spec.uri}" must be ui://<server>/<view>`);
  const ui = {
    ...(spec.csp ? { csp: spec.csp } : {}),
    ...(spec.permissions ? { permissions: spec.permissions } : {}),
    ...(spec.prefersBorder === undefined ? {} : { prefersBorder: spec.prefersBorder }),
    ...(spec.domain ? { domain: spec.domain } : {}),
  };
  let html: Promise<string> | undefined;
  return defineResource({
    uri: spec.uri,
    name: spec.name,
    ...(spec.title ? { title: spec.title } : {}),
    ...(spec.description ? { description: spec.description } : {}),
    mimeType: VIEW_MIME_TYPE,
    meta: { ui },
    read(options) {
      if (options?.fresh) return spec.html();
      // Kept once read; a failed read (a view not built yet) is tried again next time.
      html ??= Promise.resolve(spec.html()).catch((error: unknown) => {
        html = undefined;
        throw error;
      });
      return html;
    },
  });
}
