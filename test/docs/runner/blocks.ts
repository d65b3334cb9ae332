// The steps of the docs as the doc-test runner reads them: every shell block of README.md and
// docs/**/*.md, in reading order, each with the commands it shows and the output shown under each, or the
// reason it cannot run in CI, given in the Markdown right above its fence:
//   <!-- doc-test: skip — <reason> -->
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { codeBlocks, relativeLinks, shownCommands, type ShownCommand } from '../markdown';

/** Fence languages of commands a user runs; ```text, ```ts and the others are not run. */
export const SHELL_LANGS = new Set(['sh', 'bash', 'shell']);
const MARK = /^<!-- doc-test: skip\s*[—:-]\s*(.+?)\s*-->$/;

export interface Block {
  page: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  text: string;
  commands: ShownCommand[];
  /** Why the block is not run, from its mark; undefined for a block the runner runs. */
  skip: string | undefined;
}

/** The pages in reading order: README.md, the docs/ pages it links (in link order), the other pages, then docs/examples/. */
export function pages(root: string): string[] {
  const docs = (dir: string) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)).filter((name) => name.endsWith('.md')).sort().map((name) => `${dir}/${name}`) : []);
  const all = [...docs('docs'), ...docs('docs/examples')];
  const linked = existsSync(join(root, 'README.md'))
    ? relativeLinks(readFileSync(join(root, 'README.md'), 'utf8')).map((target) => normalize(target)).filter((target) => all.includes(target))
    : [];
  const ordered = [...new Set([...linked.filter((page) => !page.startsWith('docs/examples/')), ...all])];
  return [...(existsSync(join(root, 'README.md')) ? ['README.md'] : []), ...ordered.filter((page) => !page.startsWith('docs/examples/')), ...ordered.filter((page) => page.startsWith('docs/examples/'))];
}

/** The shell blocks of one page. */
export function shellBlocks(root: string, page: string): Block[] {
  const markdown = readFileSync(join(root, page), 'utf8');
  return codeBlocks(markdown)
    .filter((block) => SHELL_LANGS.has(block.lang))
    .map((block) => {
      const before = markdown.slice(0, block.index).split('\n');
      const above = before.at(-2)?.trim() ?? ''; // the line right above the fence (before.at(-1) is the fence's own indent)
      return {
        page,
        line: before.length,
        lang: block.lang,
        text: block.text,
        commands: shownCommands(block.text),
        skip: MARK.exec(above)?.[1],
      };
    });
}

/**
 * Why the runner could not run this block as written, or undefined: a placeholder (`<the URL>`,
 * `[--option]`) or a `$ ` prompt stands where a user must type something else.
 */
export function notRunnable({ commands }: Block): string | undefined {
  for (const { command } of commands) {
    const unquoted = command.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, "''").replace(/#.*$/gm, '');
    if (/<[^>\s][^>]*>/.test(unquoted)) return `a placeholder in: ${command}`;
    if (/(^|\s)\[[^\]]+\]/.test(unquoted)) return `an optional part in brackets in: ${command}`;
    if (/^\$ /.test(command)) return `a prompt ($) in: ${command}`;
  }
  return undefined;
}

/** Blocks with no language whose first line is a command: they would escape the runner. */
export function unlabelledCommands(root: string, page: string): string[] {
  const markdown = readFileSync(join(root, page), 'utf8');
  return codeBlocks(markdown)
    .filter((block) => block.lang === '' && /^(npm|npx|curl|git|node|docker|cp|export)\s/.test(block.text))
    .map((block) => `${page}:${markdown.slice(0, block.index).split('\n').length}`);
}
