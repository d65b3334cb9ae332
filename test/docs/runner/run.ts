// Runs the docs' shell blocks in a fork copy, page by page, as a user would type them. Per
// command: `npm ci` runs once (the copy was installed by it); `npm test` is deferred: the fork simulation
// runs the suite last, once every step has been taken (scripts/fork-sim.sh docs); `export` sets the
// page's environment; a server (`npm start`, `npm run dev`, `npm run hub`, `npm run auth-server`) runs in
// the background, ready once it prints that it is listening, replacing the page's earlier server of the
// same kind; a stream (`curl -N`) stays open until the page ends; anything else runs to its end, must
// exit 0, and must print the output the docs show under it (output.ts). A page's processes end with it.
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { once } from 'node:events';
import { endChildren, killGroup, spawnChild } from '../../support/children';
import type { Block } from './blocks';
import { matches, withPrinted } from './output';

export interface RunnerOptions {
  root: string;
  env: NodeJS.ProcessEnv;
  log(line: string): void;
  commandTimeoutMs?: number;
  readyTimeoutMs?: number;
}

export type Outcome = { block: Block; status: 'ran' | 'skipped'; detail: string } | { block: Block; status: 'failed'; detail: string };

type Kind = { type: 'install' } | { type: 'suite' } | { type: 'export'; vars: Record<string, string> } | { type: 'server'; role: string } | { type: 'stream' } | { type: 'command' };

const SERVERS: Record<string, string> = { start: 'the tool server', dev: 'the tool server', hub: 'the hub emulator', 'auth-server': 'the authorization server' };

/** What one command of a `&&` chain is, by its words (comments and leading VAR=value assignments aside). */
export function kind(segment: string): Kind {
  const bare = segment.replace(/\s+#[^'"]*$/, '').replace(/\\\n\s*/g, ' ').trim();
  const words = bare.replace(/^(\w+=("[^"]*"|'[^']*'|\S*)\s+)+/, '');
  if (/^npm ci\b/.test(words)) return { type: 'install' };
  if (/^npm (run )?test\b/.test(words)) return { type: 'suite' };
  if (bare.startsWith('export ')) {
    const vars = Object.fromEntries([...bare.slice(7).matchAll(/(\w+)=("([^"]*)"|'([^']*)'|(\S*))/g)].map((m) => [m[1]!, m[3] ?? m[4] ?? m[5] ?? '']));
    return { type: 'export', vars };
  }
  const server = /^npm (?:start|run (dev|hub|auth-server))$/.exec(words);
  if (server) return { type: 'server', role: SERVERS[server[1] ?? 'start']! };
  if (/^curl\s(.*\s)?-\w*N/.test(words)) return { type: 'stream' };
  return { type: 'command' };
}

/** A command's `&&` chain (outside quotes). */
export const chain = (command: string): string[] => command.split(/\s&&\s(?=(?:[^'"]|'[^']*'|"[^"]*")*$)/).map((part) => part.trim());

/** What `npm run` prints before a script's own output ("> name@version script", "> command", a blank line). */
export const withoutNpmBanner = (printed: string): string => printed.replace(/\n?> \S+@\S+ [\w:-]+\n> .*\n\n/g, '');

/** A process of the page: `output()` is stdout and stderr as they came, `printed()` stdout alone. */
type Background = ChildProcessByStdio<null, Readable, Readable> & { output(): string; printed(): string };

export class DocRunner {
  private installed = false;
  readonly deferred: string[] = [];
  private readonly servers = new Map<string, Background>();
  private pageEnv: Record<string, string> = {};
  private printed = new Map<string, string>();

  constructor(private readonly options: RunnerOptions) {}

  async page(blocks: readonly Block[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    try {
      for (const block of blocks) outcomes.push(block.skip ? { block, status: 'skipped', detail: block.skip } : await this.block(block));
    } finally {
      await this.endPage();
    }
    return outcomes;
  }

  private async block(block: Block): Promise<Outcome> {
    const done: string[] = [];
    for (const { command, output } of block.commands) {
      try {
        const detail = await this.command(withPrinted(command, this.printed), output);
        done.push(detail);
      } catch (error) {
        return { block, status: 'failed', detail: `${command}\n${(error as Error).message}` };
      }
    }
    return { block, status: 'ran', detail: done.join('; ') };
  }

  private async command(command: string, shown: readonly string[]): Promise<string> {
    const parts = chain(command);
    const described: string[] = [];
    for (const [at, part] of parts.entries()) {
      const last = at === parts.length - 1;
      const what = kind(part);
      this.options.log(`  $ ${part.replace(/\\\n\s*/g, '')}`);
      if (what.type === 'install') {
        if (!this.installed) await this.finish(part, []);
        this.installed = true;
        described.push('npm ci');
      } else if (what.type === 'suite') {
        this.deferred.push(part);
        described.push('npm test (deferred to the end)');
      } else if (what.type === 'export') {
        Object.assign(this.pageEnv, what.vars);
        described.push(`export ${Object.keys(what.vars).join(' ')}`);
      } else if (what.type === 'server') {
        await this.serve(part, what.role);
        described.push(`${what.role} listening`);
      } else if (what.type === 'stream') {
        await this.stream(part, last ? shown : []);
        described.push(`stream${shown.length > 0 ? ' (output compared)' : ''}`);
      } else {
        await this.finish(part, last ? shown : []);
        described.push(`${part.split(/\s/)[0]}${last && shown.length > 0 ? ' (output compared)' : ''}`);
      }
    }
    return described.join(' && ');
  }

  private get env(): NodeJS.ProcessEnv {
    return { ...this.options.env, ...this.pageEnv };
  }

  /**
   * Runs to its end: exit 0, and the output the docs show, if they show one. Its process group is kept
   * for the page's end: what it started with `&` (a server the docs run in the background) ends there.
   */
  private async finish(command: string, shown: readonly string[]): Promise<void> {
    const child = this.background(command);
    this.servers.set(`command ${this.servers.size}`, child);
    const timeoutMs = this.options.commandTimeoutMs ?? 300_000;
    const timer = setTimeout(() => child.pid !== undefined && killGroup(child.pid), timeoutMs);
    const [code] = (await once(child, 'close')) as [number | null];
    clearTimeout(timer);
    if (code !== 0) throw new Error(`exited ${code ?? `on a signal (time-out ${timeoutMs / 1000} s?)`}:\n${child.output().slice(-4_000)}`);
    if (shown.length > 0) this.compare(shown, child.printed());
  }

  private compare(shown: readonly string[], printed: string): void {
    const found = matches(shown, withoutNpmBanner(printed).split('\n'));
    if (!found) throw new Error(`printed:\n${printed.slice(-4_000)}\nthe docs show:\n${shown.join('\n')}`);
    for (const [docs, actual] of found) this.printed.set(docs, actual);
  }

  private background(command: string): Background {
    const child = spawnChild('bash', ['-c', command], { cwd: this.options.root, env: this.env });
    let output = '';
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => ((output += chunk), (stdout += chunk)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    return Object.assign(child, { output: () => output, printed: () => stdout });
  }

  private async until(process: Background, done: (output: string) => boolean, what: string): Promise<string> {
    const timeoutMs = this.options.readyTimeoutMs ?? 240_000;
    const deadline = Date.now() + timeoutMs;
    while (!done(process.output())) {
      if (process.exitCode !== null || process.signalCode !== null) throw new Error(`ended (${process.exitCode ?? process.signalCode}) before ${what}:\n${process.output().slice(-4_000)}`);
      if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs / 1000} s:\n${process.output().slice(-4_000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return process.output();
  }

  private async serve(command: string, role: string): Promise<void> {
    const earlier = this.servers.get(role);
    if (earlier) await endChildren(new Map([[earlier, role]]));
    const server = this.background(command);
    this.servers.set(role, server);
    await this.until(server, (output) => /listening/i.test(output), `${role} was listening`);
  }

  private async stream(command: string, shown: readonly string[]): Promise<void> {
    const stream = this.background(command);
    this.servers.set(`stream ${this.servers.size}`, stream);
    if (shown.length === 0) return;
    await this.until(stream, (output) => matches(shown, output.split('\n')) !== undefined, 'the stream showed what the docs show');
    this.compare(shown, stream.output());
  }

  private async endPage(): Promise<void> {
    await endChildren(new Map([...this.servers].map(([role, process]) => [process, role])));
    this.servers.clear();
    this.pageEnv = {};
    this.printed = new Map();
  }
}
