// The README's "Adding a tool" section, read the way a newcomer follows it: the scaffold command, the
// by-hand tool and test files, and the lines to add to tools/index.ts (issue 18).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/project-copy';

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
