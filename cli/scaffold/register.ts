// Adds a tool to tools/index.ts: an import after the last import, and an entry at the end of the
// `tools` array. Refuses (changing nothing) when the file does not have the shape it expects.
import { readFileSync, writeFileSync } from 'node:fs';

/** The `tools` list of tools/index.ts: its opening, its entries, its closing. */
export const TOOLS_ARRAY = /(export const tools\s*:\s*readonly Tool\[\]\s*=\s*\[)([\s\S]*?)(\]\s*;)/;

/** The `resources` list of tools/index.ts (views and other resources). */
export const RESOURCES_ARRAY = /(export const resources\s*:\s*readonly Resource\[\]\s*=\s*\[)([\s\S]*?)(\]\s*;)/;

/** The `prompts` list of tools/index.ts. */
export const PROMPTS_ARRAY = /(export const prompts\s*:\s*readonly Prompt\[\]\s*=\s*\[)([\s\S]*?)(\]\s*;)/;

export class RegisterError extends Error {
  override name = 'RegisterError';
  readonly code = 'SCAFFOLD_INDEX_SHAPE';
}

/** The new text of tools/index.ts with `identifier` imported from `./file` and listed last. */
export function withTool(source: string, identifier: string, file: string): string {
  if (new RegExp(`\\bimport\\s+${identifier}\\b`).test(source)) {
    throw new RegisterError(`tools/index.ts already imports ${identifier}`);
  }
  const array = TOOLS_ARRAY.exec(source);
  if (!array) {
    throw new RegisterError('tools/index.ts has no `export const tools: readonly Tool[] = [ … ];` to add the tool to');
  }
  const [, open = '', items = '', close = ''] = array;
  const trimmed = items.replace(/[\s,]+$/, '');
  const multiline = items.includes('\n');
  const listed = trimmed.trim() === '' ? identifier : multiline ? `${trimmed},\n  ${identifier},\n` : `${trimmed}, ${identifier}`;
  const withEntry = source.replace(TOOLS_ARRAY, `${open}${listed}${close}`);

  const importLine = `import ${identifier} from './${file}';\n`;
  const imports = [...withEntry.matchAll(/^import [^;]+;\n/gm)];
  const last = imports.at(-1);
  if (!last || last.index === undefined) return importLine + withEntry;
  const at = last.index + last[0].length;
  return withEntry.slice(0, at) + importLine + withEntry.slice(at);
}

/** The new text of tools/index.ts with the view `identifier` imported from `./file` and listed in `resources` (made if absent). */
export function withResource(source: string, identifier: string, file: string): string {
  if (new RegExp(`\\bimport\\s+${identifier}\\b`).test(source)) throw new RegisterError(`tools/index.ts already imports ${identifier}`);
  let text = source;
  const array = RESOURCES_ARRAY.exec(text);
  if (array) {
    const [, open = '', items = '', close = ''] = array;
    const trimmed = items.replace(/[\s,]+$/, '');
    const listed = trimmed.trim() === '' ? identifier : items.includes('\n') ? `${trimmed},\n  ${identifier},\n` : `${trimmed}, ${identifier}`;
    text = text.replace(RESOURCES_ARRAY, `${open}${listed}${close}`);
  } else {
    text = `${text.replace(/\n*$/, '\n')}\nexport const resources: readonly Resource[] = [${identifier}];\n`;
  }
  const lines = [...(/import type \{ Resource \}/.test(text) ? [] : ["import type { Resource } from '../src/resources';\n"]), `import ${identifier} from './${file}';\n`];
  const imports = [...text.matchAll(/^import [^;]+;\n/gm)];
  const last = imports.at(-1);
  if (!last || last.index === undefined) return lines.join('') + text;
  const at = last.index + last[0].length;
  return text.slice(0, at) + lines.join('') + text.slice(at);
}

export function registerTool(indexPath: string, identifier: string, file: string): void {
  writeFileSync(indexPath, withTool(readFileSync(indexPath, 'utf8'), identifier, file));
}
