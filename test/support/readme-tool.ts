// The README's "Adding a tool" section, read the way a newcomer follows it: the scaffold command, the
// by-hand tool and test files, and the lines to add to tools/index.ts.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutModules } from '../../cli/remove-examples/index-file';
import { ROOT } from './project-copy';

export interface ReadmeTool {
  /** The arguments after `npm run new-tool --`. */
  scaffoldArgs: string[];
  /** Files to write by hand: path (from their first line, `// tools/x.ts`) and text. */
  files: Array<{ path: string; text: string }>;
  /** The ts block that lists the tool in tools/index.ts: its import line and its list line. */
  importLine: string;
  listLine: string;
}

export function readmeTool(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): ReadmeTool {
  const start = readme.indexOf('\n## Adding a tool');
  if (start < 0) throw new Error('README.md has no "## Adding a tool" section');
  const next = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, next < 0 ? undefined : next);
  // Fenced blocks, indented or not (inside a numbered list they are): the fence's indent is taken off.
  const blocks = [...section.matchAll(/^( *)```(\w+)\n([\s\S]*?)^\1```/gm)].map(([, indent = '', lang = '', body = '']) => ({
    lang,
    body: body.replace(new RegExp(`^${indent}`, 'gm'), ''),
  }));
  const command = blocks.flatMap(({ body }) => /^npm run new-tool -- (.+)$/m.exec(body)?.[1] ?? []).at(0);
  if (command === undefined) throw new Error('the section shows no `npm run new-tool -- …` command');
  const files = blocks
    .filter(({ lang, body }) => lang === 'ts' && /^\/\/ tools\/[\w.]+\.ts/.test(body))
    .map(({ body }) => ({ path: /^\/\/ (tools\/[\w.]+\.ts)/.exec(body)?.[1] ?? '', text: body }));
  const index = blocks.find(({ lang, body }) => lang === 'ts' && /^export const tools\b/m.test(body))?.body ?? '';
  return {
    scaffoldArgs: command.trim().split(/\s+/),
    files,
    importLine: /^import .+;$/m.exec(index)?.[0] ?? '',
    listLine: /^export const tools\b.+$/m.exec(index)?.[0] ?? '',
  };
}

/**
 * Follows the README's by-hand steps 1, 2 and 4 literally in the project at `root`: writes the files it
 * shows, adds its import line after the last import of tools/index.ts, and puts its list line in place of
 * the list. A fork does exactly this, so CI's fork simulation does too (`tsx test/support/fork-steps.ts`).
 */
export function addReadmeToolByHand(root: string, tool: ReadmeTool = readmeTool()): void {
  for (const { path, text } of tool.files) writeFileSync(join(root, path), text);
  const indexPath = join(root, 'tools/index.ts');
  const index = readFileSync(indexPath, 'utf8');
  const imports = [...index.matchAll(/^import [^;]+;\n/gm)];
  const last = imports.at(-1);
  const at = last?.index === undefined ? 0 : last.index + last[0].length;
  const withImport = `${index.slice(0, at)}${tool.importLine}\n${index.slice(at)}`;
  writeFileSync(indexPath, withImport.replace(/^export const tools\b.*$/m, tool.listLine));
}

/**
 * Takes tool `module` out of the project at `root` (its files, its view if it has one, and their entries in
 * tools/index.ts), so a copy can follow the README's steps for that name even where the fork has already
 * followed them.
 */
export function withoutTool(root: string, module: string): void {
  // Every file of the tool, whatever the fork added beside it: `<module>.ts` and `<module>.<anything>`
  // (its test, a --view's declaration and browser test `<module>.view.test.ts`, a prompt…), and its view's folder.
  const own = readdirSync(join(root, 'tools')).filter((name) => name === `${module}.ts` || name.startsWith(`${module}.`));
  for (const file of [...own.map((name) => `tools/${name}`), `tools/views/${module}`]) {
    rmSync(join(root, file), { recursive: true, force: true });
  }
  const index = join(root, 'tools/index.ts');
  const modules = own.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')).map((name) => name.slice(0, -'.ts'.length));
  writeFileSync(index, withoutModules(readFileSync(index, 'utf8'), new Set([module, `${module}.view`, `${module}.prompt`, ...modules])).text);
}
