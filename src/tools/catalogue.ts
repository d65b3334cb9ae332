// What tools/list answers, built once at startup: the tools by name, their descriptors for each kind of
// client (with views or without, by revision), and a warning for a name too long for a host's prefix.
// The place for choosing which tools a server lists (a toolset, say): everything listed passes here.
import type { Logger } from '../logger';
import type { ToolFields } from '../protocol/versions';
import { nameRoomWarning } from './name-room';
import { NotStrict, strictSchema } from './strict-schema';
import type { Tool } from './tool-types';

export interface Catalogue {
  readonly byName: ReadonlyMap<string, Tool>;
  /** The tools/list result, built once: what a client without MCP Apps views sees (the hub included). */
  readonly descriptors: readonly Tool['descriptor'][];
  /** The tools/list result where views are shown: `_meta.ui` on tools with a view, and view-only helpers. */
  readonly appDescriptors: readonly Tool['appDescriptor'][];
  /** `descriptors` without the fields an earlier revision does not know (versions.ts, toolFieldsOf). */
  descriptorsFor(fields: ToolFields): readonly Tool['descriptor'][];
  /** Whether every null of an optional field means "not given", a nullable field's too (TOOL_SCHEMAS=strict listed them all nullable; ./null-arguments.ts). */
  nullMeansOmitted(name: string): boolean;
}

export interface CatalogueOptions {
  /** Which tools tools/list shows (default all); the others can still be called by name (dynamic mode). */
  listed?: (tool: Tool) => boolean;
  /** TOOL_SCHEMAS=strict: input schemas listed in OpenAI's strict form where they can be (./strict-schema.ts). */
  strict?: boolean;
}

export function createCatalogue(tools: readonly Tool[], logger: Logger, { listed = () => true, strict = false }: CatalogueOptions = {}): Catalogue {
  const byName = new Map<string, Tool>();
  for (const tool of tools) {
    if (byName.has(tool.name)) throw new TypeError(`Two tools are named "${tool.name}"`);
    byName.set(tool.name, tool);
    // Once per tool, when the server is made: the name still works here, but not in every host.
    const warning = nameRoomWarning(tool.name);
    if (warning !== undefined) logger.warn({ tool: tool.name, nameLength: tool.name.length }, warning);
  }
  const shown = tools.filter(listed);
  const strictInputs = new Map<string, Tool['descriptor']['inputSchema']>();
  for (const tool of strict ? tools : []) {
    try {
      strictInputs.set(tool.name, strictSchema(tool.descriptor.inputSchema) as Tool['descriptor']['inputSchema']);
    } catch (error) {
      if (!(error instanceof NotStrict)) throw error;
      if (shown.includes(tool)) logger.warn({ tool: tool.name }, `TOOL_SCHEMAS=strict: ${tool.name} is listed with its ordinary input schema, as strict mode cannot say it: ${error.message}`);
    }
  }
  const inForm = <D extends Tool['descriptor']>(descriptor: D): D => {
    const inputSchema = strictInputs.get(descriptor.name);
    return inputSchema === undefined ? descriptor : { ...descriptor, inputSchema };
  };
  const descriptors = Object.freeze(shown.filter((tool) => tool.forModel).map((tool) => inForm(tool.descriptor)));
  const appDescriptors = Object.freeze(shown.map((tool) => inForm(tool.appDescriptor)));
  const annotated = Object.freeze(descriptors.map(({ name, description, inputSchema, annotations }) => ({ name, description, inputSchema, ...(annotations ? { annotations } : {}) })));
  const basic = Object.freeze(descriptors.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })));
  const descriptorsFor = (fields: ToolFields) => (fields === 'all' ? descriptors : fields === 'annotated' ? annotated : basic);
  return { byName, descriptors, appDescriptors, descriptorsFor, nullMeansOmitted: (name) => strictInputs.has(name) };
}
