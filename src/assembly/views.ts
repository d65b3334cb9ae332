// The resources a server offers and, with VIEW_ASSETS_URL set, the views' shared form and the route that
// serves their runtime (docs/views.md). Unset, views are served whole and no runtime route exists.
import type { Config } from '../config';
import { inSharedForm, viewAssets, VIEWS_DIR, type Resource } from '../resources';
import { runtimeRoute } from '../resources/runtime-route';
import type { Tool } from '../tools/define-tool';

export interface ViewParts {
  resources: readonly Resource[];
  /** GET under VIEW_ASSETS_PATH, when the views are served in their shared form. */
  runtime: ReturnType<typeof runtimeRoute> | undefined;
}

export function viewParts(config: Config, tools: readonly Tool[], given: readonly Resource[], viewsDir = VIEWS_DIR): ViewParts {
  const assets = config.viewAssetsUrl === undefined ? undefined : viewAssets(config.viewAssetsUrl, config.publicBasePath);
  const resources = inSharedForm(given, assets);
  // A tool naming a view nobody defined would show the host a broken link: refused at startup.
  const missing = tools.find((tool) => tool.view !== undefined && !resources.some((resource) => resource.uri === tool.view));
  if (missing) throw new TypeError(`Tool "${missing.name}" names the view ${missing.view}, which is not among the resources: add its defineView to them`);
  return { resources, runtime: assets && runtimeRoute(viewsDir) };
}
