// Reads the parts of a Markdown page the documentation tests check: code blocks, the commands in shell
// blocks with the output shown under each (`# ` lines), and relative links.

export interface CodeBlock {
  lang: string;
  /** The block's text, dedented (blocks inside list items are indented). */
  text: string;
  /** Offset of the block in the page, to find the section it is in. */
  index: number;
}

export interface ShownCommand {
  /** The command as a shell reads it, continuation lines joined. */
  command: string;
  /** The output printed under it, one `# ` line each, without the `# `. Empty: none shown. */
  output: string[];
}

export function codeBlocks(markdown: string): CodeBlock[] {
  return [...markdown.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)].map((match) => {
    const [, indent = '', lang = '', body = ''] = match;
    return { lang, text: body.replace(new RegExp(`^ {0,${indent.length}}`, 'gm'), ''), index: match.index ?? 0 };
  });
}

/** The commands of a shell block: a line that is not `# …` starts one; `# …` lines after it are its output. */
export function shownCommands(block: string): ShownCommand[] {
  const commands: ShownCommand[] = [];
  let continued = false;
  for (const line of block.split('\n')) {
    if (line.trim() === '') continue;
    const last = commands.at(-1);
    if (continued && last) last.command += `\n${line}`;
    else if (/^#( |$)/.test(line) && last) last.output.push(line.slice(2));
    else commands.push({ command: line, output: [] });
    continued = line.endsWith('\\');
  }
  return commands;
}

/** The section of `markdown` under the heading `title` (up to the next heading of the same level). */
export function section(markdown: string, title: string): string {
  const start = `\n${markdown}`.indexOf(`\n${title}\n`);
  if (start < 0) throw new Error(`no heading "${title}"`);
  const level = /^#+/.exec(title)?.[0] ?? '##';
  const next = markdown.slice(start + title.length + 2).search(new RegExp(`^${level} `, 'm'));
  return next < 0 ? markdown.slice(start) : markdown.slice(start, start + title.length + 2 + next);
}

/** Targets of Markdown links that point into the project (no scheme, not only a fragment), fragment removed. */
export function relativeLinks(markdown: string): string[] {
  const outsideCode = markdown.replace(/^( *)```[\s\S]*?^\1```$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...outsideCode.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => target.replace(/#.*$/, ''));
}
