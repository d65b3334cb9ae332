// Runs the real entry point (src/index.ts through tsx) in a child process with a chosen working directory
// and environment, collecting its output. The tsx loader is given by absolute URL so any cwd works.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnChild } from './children';

const ROOT = join(__dirname, '../..');
const TSX = pathToFileURL(require.resolve('tsx', { paths: [ROOT] })).href;

export interface Entry {
  child: ChildProcess;
  output(): string;
  /** Resolves once the output contains `text`; rejects if the process exits first. */
  waitFor(text: string): Promise<void>;
  stop(): void;
}

export function startEntry({ cwd, env, entry = join(ROOT, 'src/index.ts') }: { cwd: string; env: NodeJS.ProcessEnv; entry?: string }): Entry {
  const child = spawnChild(process.execPath, ['--import', TSX, entry], {
    cwd,
    env: { PATH: process.env.PATH, ...env },
  });
  let out = '';
  const checks = new Set<() => void>();
  const collect = (chunk: string) => {
    out += chunk;
    for (const check of checks) check();
  };
  child.stdout?.setEncoding('utf8').on('data', collect);
  child.stderr?.setEncoding('utf8').on('data', collect);
  child.once('exit', () => {
    for (const check of checks) check();
  });
  return {
    child,
    output: () => out,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (out.includes(text)) resolve();
          else if (child.exitCode !== null || child.signalCode !== null) reject(new Error(`entry point exited before printing "${text}":\n${out}`));
          else return;
          checks.delete(check);
        };
        checks.add(check);
        check();
      }),
    stop: () => void child.kill('SIGKILL'),
  };
}
