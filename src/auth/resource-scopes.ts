// The scopes a resources/read needs on /mcp in oauth mode: the resource's own, and for an MCP
// Apps view those of every tool that names it, so a view never shows what its tool may not fetch.
import type { ScopedResource, ScopedResourceTemplate, ScopedTool } from './scoped';

/** Scopes by URI (undefined: no resource has that URI, the core answers "not found"). */
export function resourceScopes(tools: readonly ScopedTool[], resources: readonly ScopedResource[], templates: readonly ScopedResourceTemplate[]) {
  const byUri = new Map<string, readonly string[]>();
  for (const resource of resources) {
    const viewers = tools.filter((tool) => tool.view === resource.uri).flatMap((tool) => tool.scopes);
    byUri.set(resource.uri, [...new Set([...resource.scopes, ...viewers])].sort());
  }
  return function scopesOf(uri: string): readonly string[] | undefined {
    const exact = byUri.get(uri);
    if (exact !== undefined) return exact;
    return templates.find((template) => template.match(uri) !== undefined)?.scopes;
  };
}
