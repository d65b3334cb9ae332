// Takes the example tools out of tools/index.ts: their import lines and their entries in the `tools`,
// `resources` and `prompts` lists; every other import and entry (the fork's own) stays where it is.
import { PROMPTS_ARRAY, RESOURCES_ARRAY, TOOLS_ARRAY } from '../scaffold/register';

export class IndexShapeError extends Error {
  override name = 'IndexShapeError';
  readonly code = 'REMOVE_EXAMPLES_INDEX_SHAPE';
}

const IMPORT = /^import\s+(type\s+)?([^;'"]*?)\s+from\s+'\.\/([\w.-]+)';[^\S\n]*\n/gm;

/** The text of tools/index.ts without the imports of `modules` (and their entries); unchanged when it has none. */
export function withoutModules(source: string, modules: ReadonlySet<string>): { text: string; removed: string[] } {
  const identifiers = new Set<string>();
  const removed: string[] = [];
  const text = source.replace(IMPORT, (line, _type: string | undefined, clause: string, module: string) => {
    if (!modules.has(module)) return line;
    removed.push(module);
    // A default import, and any named ones: `import a from`, `import { b, c as d } from`.
    for (const name of clause.replace(/[{}]/g, ' ').split(',')) {
      const local = name.trim().split(/\s+as\s+/).at(-1)?.trim();
      if (local) identifiers.add(local);
    }
    return '';
  });
  if (removed.length === 0) return { text: source, removed };
  const array = TOOLS_ARRAY.exec(text);
  if (!array) throw new IndexShapeError('tools/index.ts has no `export const tools: readonly Tool[] = [ … ];` list: remove the example tools from it by hand');
  return { text: [TOOLS_ARRAY, RESOURCES_ARRAY, PROMPTS_ARRAY].reduce((listed, list) => without(listed, list, identifiers), text), removed };
}

/** `text` with `identifiers` taken out of the list `pattern` finds (unchanged when there is no such list). */
function without(text: string, pattern: RegExp, identifiers: ReadonlySet<string>): string {
  const array = pattern.exec(text);
  if (!array) return text;
  const [, open = '', items = '', close = ''] = array;
  const kept = items.split(',').map((item) => item.trim()).filter((item) => item !== '' && !identifiers.has(item));
  const listed = kept.length === 0 ? '' : items.includes('\n') ? `\n${kept.map((item) => `  ${item},\n`).join('')}` : kept.join(', ');
  return text.replace(pattern, `${open}${listed}${close}`);
}
