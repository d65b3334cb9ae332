// The shared form of views, server side: with VIEW_ASSETS_URL set, a view's HTML loads the one
// runtime all views share (built by cli/build-views/shared.ts) from this server, at an absolute URL the
// host's browser can reach, and the view's CSP names that origin. The runtime is served by ./runtime-route.ts.
import type { ViewCsp } from './view-policy';

/** A runtime's file name: content-hashed, so what it names never changes. */
export const RUNTIME_FILE = /^runtime-[0-9a-f]{16}\.js$/;

/** The `<script src="runtime-<hash>.js"></script>` the build writes into a shared form. */
const RUNTIME_SCRIPT = /<script src="(runtime-[0-9a-f]{16}\.js)"><\/script>/;

export interface ViewAssets {
  /** VIEW_ASSETS_URL: the origin, e.g. `https://tools.example.com`. */
  readonly origin: string;
  /** Where the runtime files are, e.g. `https://tools.example.com/tools/views/` (with PUBLIC_BASE_PATH `/tools`). */
  readonly base: string;
}

export function viewAssets(origin: string, publicBasePath: string): ViewAssets {
  return Object.freeze({ origin, base: `${origin}${publicBasePath}/views/` });
}

/** The shared form with its runtime at `assets`; a view built without one is returned as it is. */
export function withRuntimeAt(html: string, assets: ViewAssets): string {
  return html.replace(RUNTIME_SCRIPT, (_tag, file: string) => `<script src="${assets.base}${file}"></script>`);
}

/** The view's CSP with the assets' origin among its resourceDomains (scripts), once. */
export function cspWithAssets(csp: ViewCsp | undefined, assets: ViewAssets): ViewCsp {
  const declared = csp?.resourceDomains ?? [];
  return { ...csp, resourceDomains: declared.includes(assets.origin) ? [...declared] : [...declared, assets.origin] };
}
