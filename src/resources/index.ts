// Everything a resource or view file needs: `import { defineResource, defineView, builtView } from '../src/resources';`
export { defineResource, type ReadOptions, type Resource, type ResourceSpec, type ResourceContents, type ResourceDescriptor } from './define-resource';
export { defineResourceTemplate, type ResourceTemplate, type ResourceTemplateSpec } from './define-resource-template';
export { defineView, inSharedForm, isView, UI_EXTENSION, VIEW_MIME_TYPE, type ViewResource, type ViewSpec, type ViewCsp, type ViewPermissions } from './define-view';
export { builtView, VIEWS_DIR, type BuiltView } from './built-view';
export { viewAssets, type ViewAssets } from './view-assets';
export { ViewNotBuiltError } from './view-not-built-error';
export { createResourceSet, NO_RESOURCES, type ResourceSet, type ResourceSetOptions } from './resource-set';
