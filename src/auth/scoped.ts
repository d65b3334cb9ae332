// What oauth mode reads of a tool, a prompt or a resource: its scopes, and how to find it by name or URI.
// Structural, so src/auth needs nothing from the definitions a floor above it (src/tools, src/resources,
// src/prompts), whose Tool, Prompt, Resource and ResourceTemplate satisfy these as they are.

export interface ScopedTool {
  readonly name: string;
  readonly scopes: readonly string[];
  /** The ui:// URI of the tool's MCP Apps view: reading the view needs the tool's scopes too. */
  readonly view?: string;
}

export interface ScopedPrompt {
  readonly name: string;
  readonly scopes: readonly string[];
}

export interface ScopedResource {
  readonly uri: string;
  readonly scopes: readonly string[];
}

export interface ScopedResourceTemplate {
  readonly scopes: readonly string[];
  /** The template's values in `uri`, or undefined when it does not match. */
  match(uri: string): Record<string, string> | undefined;
}
