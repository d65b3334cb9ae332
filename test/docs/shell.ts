// Runs the README's shell commands for the documentation tests: a command through bash, pointed at a
// test server's port, and a long-lived one (a stream) read until its output says enough.
import type { ChildProcess } from 'node:child_process';
import { runChild, spawnChild } from '../support/children';

export const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The command with the README's address (port 3000) replaced by the test server's. */
export function onPort(command: string, port: number): string {
  return command.replace(/\b(?:localhost|127\.0\.0\.1):3000\b/g, `127.0.0.1:${port}`);
}

export function run(command: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return runChild('bash', ['-c', command], { env: { ...process.env, ...env } }, 60_000).then(({ code, stdout, stderr }) => ({ code: code ?? 1, stdout, stderr }));
}

export interface Running {
  child: ChildProcess;
  /** Resolves with everything printed so far once `done` holds for it; rejects if the process ends first. */
  until(done: (output: string) => boolean): Promise<string>;
  stop(): Promise<void>;
}

export function start(command: string): Running {
  const child = spawnChild('bash', ['-c', `exec ${command}`]);
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return {
    child,
    until: (done) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (!done(output)) return;
          child.stdout.off('data', check);
          child.off('exit', ended);
          resolve(output);
        };
        const ended = () => reject(new Error(`"${command}" ended before printing what was expected; it printed:\n${output}`));
        child.stdout.on('data', check);
        child.once('exit', ended);
        check();
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    },
  };
}

/** Splits one command line into words the way a shell does for plain, '…' and "…" words (no expansion). */
export function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)].map(([, single, double, plain]) =>
    single ?? (double === undefined ? plain ?? '' : double.replace(/\\(.)/g, '$1')),
  );
}
