// Runs the real entry point with its stdout on a pseudo-terminal (util-linux `script`), as a person
// running `npm start` in a terminal would, and collects what the terminal shows until it exits.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnChild } from './children';

const ROOT = join(__dirname, '../..');
const TSX = pathToFileURL(require.resolve('tsx', { paths: [ROOT] })).href;

/** Why terminal tests cannot run here, or undefined when `script` is available. */
export const noTerminal: string | undefined =
  spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0 ? undefined : 'util-linux `script` is not installed (apt-get install bsdutils)';

const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Resolves with the exit code and the terminal's output (CR LF turned into LF, colours removed). */
export function runInTerminal({ cwd, env, entry = join(ROOT, 'src/index.ts') }: { cwd: string; env: NodeJS.ProcessEnv; entry?: string }): Promise<{ code: number | null; output: string }> {
  const command = [process.execPath, '--import', TSX, entry].map(quoted).join(' ');
  // -q: no banner; -e: the command's exit code; -f: flush as it comes; the typescript file is not kept.
  const child = spawnChild('script', ['-qefc', command, '/dev/null'], { cwd, env: { PATH: process.env.PATH, TERM: 'xterm', ...env } });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // eslint-disable-next-line no-control-regex
    child.once('close', (code) => resolve({ code, output: output.replace(/\r\n/g, '\n').replace(/\u001b\[[0-9;]*m/g, '') }));
  });
}
