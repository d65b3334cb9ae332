// What tools/list answers, built once at startup: the tools by name, their descriptors for each kind of
// client (with views or without, by revision), and a warning for a name too long for a host's prefix.
// The place for choosing which tools a server lists (a toolset, say): everything listed passes here.
import type { Logger } from '../logger';
import type { ToolFields } from '../protocol/versions';
import { nameRoomWarning } from './name-room';
import type { Tool } from './tool-types';

export interface Catalogue {
  readonly byName: ReadonlyMap<string, Tool>;
  /** The tools/list result, built once: what a client without MCP Apps views sees (the hub included). */
  readonly descriptors: readonly Tool['descriptor'][];
  /** The tools/list result where views are shown: `_meta.ui` on tools with a view, and view-only helpers. */
  readonly appDescriptors: readonly Tool['appDescriptor'][];
  /** `descriptors` without the fields an earlier revision does not know (versions.ts, toolFieldsOf). */
  descriptorsFor(fields: ToolFields): readonly Tool['descriptor'][];
}

export function createCatalogue(tools: readonly Tool[], logger: Logger): Catalogue {
  const byName = new Map<string, Tool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new TypeError(`Two tools are named "${tool.name}"`);
    byName.set(tool.name, tool);
    // Once per tool, when the server is made: the name still works here, but not in every host.
    const warning = nameRoomWarning(tool.name);
    if (warning !== undefined) logger.warn({ tool: tool.name, nameLength: tool.name.length }, warning);
  }
  const descriptors = Object.freeze(tools.filter((tool) => tool.forModel).map((tool) => tool.descriptor));
  const appDescriptors = Object.freeze(tools.map((tool) => tool.appDescriptor));
  const annotated = Object.freeze(descriptors.map(({ name, description, inputSchema, annotations }) => ({ name, description, inputSchema, ...(annotations ? { annotations } : {}) })));
  const basic = Object.freeze(descriptors.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })));
  const descriptorsFor = (fields: ToolFields) => (fields === 'all' ? descriptors : fields === 'annotated' ? annotated : basic);
  return { byName, descriptors, appDescriptors, descriptorsFor };
}
