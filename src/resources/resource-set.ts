// The resources one lane offers: resources/list and resources/templates/list built once, and
// resources/read by URI (an exact resource first, then the templates in order). The core asks it; with
// no resource at all the core offers no resources capability (src/mcp/core).
import type { ResourceContents, Resource, ResourceDescriptor } from './define-resource';
import type { ResourceTemplate, ResourceTemplateDescriptor } from './define-resource-template';

export interface ResourceSet {
  /** Resources and templates offered; 0 means the resources methods do not exist. */
  readonly size: number;
  readonly list: { readonly resources: readonly ResourceDescriptor[] };
  readonly templates: { readonly resourceTemplates: readonly ResourceTemplateDescriptor[] };
  /** The contents of `uri`, or undefined when no resource or template names it. */
  read(uri: string): Promise<{ contents: ResourceContents[] }> | undefined;
}

export interface ResourceSetOptions {
  resources?: readonly Resource[];
  templates?: readonly ResourceTemplate[];
  /** Read each resource's source on every resources/read (development), not the copy a view keeps. */
  fresh?: boolean;
}

export const NO_RESOURCES: ResourceSet = createResourceSet();

export function createResourceSet({ resources = [], templates = [], fresh = false }: ResourceSetOptions = {}): ResourceSet {
  const how = Object.freeze({ fresh });
  const byUri = new Map<string, Resource>();
  for (const resource of resources) {
    if (byUri.has(resource.uri)) throw new TypeError(`Two resources have the URI "${resource.uri}"`);
    byUri.set(resource.uri, resource);
  }
  return {
    size: resources.length + templates.length,
    list: Object.freeze({ resources: Object.freeze(resources.map((resource) => resource.descriptor)) }),
    templates: Object.freeze({ resourceTemplates: Object.freeze(templates.map((template) => template.descriptor)) }),
    read(uri) {
      const resource = byUri.get(uri);
      if (resource) return resource.read(how).then((contents) => ({ contents: [contents] }));
      for (const template of templates) {
        const params = template.match(uri);
        if (params) return template.read(uri, params).then((contents) => ({ contents: [contents] }));
      }
      return undefined;
    },
  };
}
