// Toolsets: a whole API is more tools than a host holds (Cursor about 40, OpenAI 128), so each deployment
// serves the groups it needs. A tool joins a toolset with `inToolset('issues', defineTool({ … }))` (what
// `npm run openapi` writes: the operation's tag, or its path's first segment); TOOLSETS=issues,projects
// serves those and every tool in no toolset; unset or `all`, everything. Read once at startup.
import type { Tool } from './define-tool';

const TOOLSET = Symbol.for('mcp-template.toolset');

export type InToolset = Tool & { readonly [TOOLSET]: string };

/** `tool` as a member of `toolset` (lower-case letters, digits, "_"). */
export function inToolset(toolset: string, tool: Tool): InToolset {
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(toolset)) throw new TypeError(`Tool "${tool.name}" names a toolset "${toolset}" that is not lower-case letters, digits and "_"`);
  return Object.freeze({ ...tool, [TOOLSET]: toolset });
}

/** The toolset of a tool, undefined when it is in none (then it is always served). */
export const toolsetOf = (tool: Tool): string | undefined => (tool as Partial<InToolset>)[TOOLSET];

/** Every toolset of `tools`, with how many tools each has, sorted by name. */
export function toolsetCounts(tools: readonly Tool[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of tools.map(toolsetOf).filter((set): set is string => set !== undefined).sort()) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}

export class ToolsetError extends Error {
  override name = 'ToolsetError';
  readonly code = 'TOOLSET_UNKNOWN';
}

/**
 * The tools a deployment serves: those in a chosen toolset and those in none. `'all'` (the default) is
 * every tool. A name no tool carries is refused with the names there are, so a typo does not quietly
 * serve nothing of an API.
 */
export function servedTools<T extends Tool>(tools: readonly T[], chosen: readonly string[] | 'all' = 'all'): readonly T[] {
  if (chosen === 'all') return tools;
  const known = toolsetCounts(tools);
  const unknown = chosen.filter((name) => !Object.hasOwn(known, name));
  if (unknown.length > 0) {
    const names = Object.keys(known);
    throw new ToolsetError(`TOOLSETS names ${unknown.join(', ')}, which no tool is in; the toolsets are: ${names.length > 0 ? names.join(', ') : '(none: no tool is in a toolset)'}`);
  }
  const wanted = new Set(chosen);
  return tools.filter((tool) => {
    const set = toolsetOf(tool);
    return set === undefined || wanted.has(set);
  });
}
