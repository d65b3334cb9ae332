// A server run under valgrind's callgrind, counting the instructions it executes (all its threads: the
// JIT's and the GC's included) only while a measured window is open. On a quiet machine one build's
// windows agree within a few per cent, where its CPU seconds on a shared 2-core machine move by 20%
// between two runs; the window opens after a long warm-up, once the JIT has compiled what the calls run.
// Not load-proof: beside a CPU hog the JIT's and GC's background work lands in windows unevenly (ours
// read up to 40% more, the limit did not move; --single-threaded made it worse). Kernel time is not
// counted: syscalls are counted apart (strace).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, HOST, track, waitForHealth } from './processes';

const run = promisify(execFile);

export interface CountedServer {
  readonly name: string;
  readonly url: string;
  /** The folder of callgrind's dumps (callgrind.out.<window>), removed on stop unless BENCH_CALLGRIND_KEEP=1. */
  readonly dumps: string;
  /** Instructions executed by the server while `during` runs (callgrind's Ir). */
  count(during: () => Promise<void>): Promise<number>;
  stop(): Promise<void>;
}

/** Whether valgrind (with callgrind_control) is installed; the phase says so plainly when not. */
export async function hasCallgrind(): Promise<boolean> {
  try {
    await run('valgrind', ['--version']);
    await run('callgrind_control', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Ir total of one dump file: its `totals:` line, the sum of the costs the file holds. (Its `summary:`
 * line is wrong in every dump after the first when instrumentation was switched off between them: valgrind
 * 3.19 writes the running total less what was zeroed, which wraps below zero.)
 */
export function irOfDump(text: string): number {
  const events = /^events: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/);
  const totals = /^totals: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/);
  const at = events?.indexOf('Ir') ?? -1;
  const ir = at >= 0 ? Number(totals?.[at]) : Number.NaN;
  if (!Number.isFinite(ir)) throw new Error('callgrind dump without an Ir total');
  return ir;
}

/**
 * Starts `node [nodeFlags] <script>` under callgrind with instrumentation off (it runs about 5× slower,
 * not 50×, until a window opens), PORT and HOST set, and waits for GET /health.
 */
export async function startCounted(name: string, script: string, env: Record<string, string>, nodeFlags: readonly string[] = []): Promise<CountedServer> {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-callgrind-'));
  const out = join(dir, 'callgrind.out');
  // valgrind names its control pipes after $USER/$LOGNAME and $HOST: callgrind_control must see the same.
  const childEnv = { ...process.env, USER: process.env.USER ?? 'bench', LOGNAME: process.env.LOGNAME ?? 'bench', ...env, PORT: String(port), HOST };
  const child: ChildProcess = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', `--callgrind-out-file=${out}`, '--dump-instr=no', process.execPath, ...nodeFlags, script],
    { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  track(child); // killed with the bench's other children, however the bench ends
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const control = async (...args: string[]): Promise<void> => {
    await run('callgrind_control', [...args, String(child.pid)], { env: childEnv });
  };
  let dumps = 0;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (process.env.BENCH_CALLGRIND_KEEP !== '1') rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, 120_000, () => (child.exitCode === null ? undefined : `exited with ${child.exitCode}`));
  } catch (error) {
    await stop();
    throw new Error(`${name} under callgrind: ${(error as Error).message}${stderr ? `\n--- stderr ---\n${stderr.trim()}` : ''}`);
  }
  return {
    name,
    url,
    dumps: dir,
    async count(during) {
      await control('--instr=on');
      await during();
      // A dump writes the counts since instrumentation began to callgrind.out.<n>, and zeroes them.
      await control('--dump');
      await control('--instr=off');
      dumps += 1;
      return irOfDump(readFileSync(`${out}.${dumps}`, 'utf8'));
    },
    stop,
  };
}
