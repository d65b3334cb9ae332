// Every process a test starts: spawned as the leader of a process group of its own and
// recorded, so the test environment ends the whole group (its children too) when the test file ends,
// after the file's own afterAll hooks, also when a test failed or timed out; and the run's global
// teardown fails, naming the command, if one outlived its file. Tests spawn through here, never directly.
import { spawn, type ChildProcess, type ChildProcessByStdio, type SpawnOptionsWithStdioTuple, type StdioNull, type StdioPipe } from 'node:child_process';
import type { Readable } from 'node:stream';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { until } from './wait';

/** The file the run's processes are recorded in (one `pid<TAB>command` line each); set by the global setup. */
export const REGISTRY_VARIABLE = 'TEST_CHILDREN_REGISTRY';
/** The name under which the test environment puts the live set on a test file's global object. */
export const LIVE_KEY = '__testChildren';

type Live = Map<ChildProcess, string>;
const live = (): Live => {
  const scope = globalThis as { [LIVE_KEY]?: Live };
  return (scope[LIVE_KEY] ??= new Map());
};

type Options = Omit<SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe>, 'stdio' | 'detached'>;

/** `spawn` with output piped, in a process group of its own that the test environment ends with the test file. */
export function spawnChild(command: string, args: readonly string[], options: Options = {}): ChildProcessByStdio<null, Readable, Readable> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const line = [command, ...args].join(' ').slice(0, 300);
  if (child.pid !== undefined) {
    live().set(child, line);
    const registry = process.env[REGISTRY_VARIABLE];
    if (registry) appendFileSync(registry, `${child.pid}\t${line.replace(/\s+/g, ' ')}\n`);
  }
  // Forgotten once the whole group has ended: a leader that exits by itself may leave its children running
  // in its group (a shell that started a server in the background), and those are ended with the file.
  child.once('exit', () => child.pid !== undefined && !groupAlive(child.pid) && live().delete(child));
  return child;
}

/**
 * True while a process of the group led by `pid` runs. Killed processes whose parent is gone can stay
 * zombies (a container's init may not reap them): on Linux the group is read from /proc, zombies aside.
 */
export function groupAlive(pid: number): boolean {
  if (!existsSync('/proc/self/stat')) return signalable(-pid);
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so read after the last ")".
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pid && state !== 'Z') return true;
  }
  return false;
}

function signalable(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Kills the whole group led by `pid` (the process and everything it started that stayed in it). */
export function killGroup(pid: number, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * Ends every group still alive in `children`; resolves once each whole group has ended (bounded by
 * `groupMs`). The leader's exit is not enough: a killed grandchild can still be dying (tearing down its
 * memory) when its leader's exit is reported, and the run's global teardown would count it as escaped.
 */
export async function endChildren(children: Live = live(), groupMs = 10_000): Promise<string[]> {
  const ended: string[] = [];
  await Promise.all(
    [...children].map(async ([child, line]) => {
      const pid = child.pid;
      if (pid === undefined) return;
      const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      if (groupAlive(pid)) ended.push(line);
      killGroup(pid);
      await exited;
      await until(() => !groupAlive(pid), groupMs).catch(() => undefined); // past the bound: the global teardown names it
    }),
  );
  children.clear();
  return ended;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they came, interleaved. */
  output: string;
}

/** Runs a command to its end (spawnChild), collecting its output; past `timeoutMs` its group is killed. */
export function runChild(command: string, args: readonly string[], options: Options = {}, timeoutMs = 120_000): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawnChild(command, args, options);
    const result: Finished = { code: null, stdout: '', stderr: '', output: '' };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => ((result.stdout += chunk), (result.output += chunk)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => ((result.stderr += chunk), (result.output += chunk)));
    const timer = setTimeout(() => child.pid !== undefined && killGroup(child.pid), timeoutMs);
    child.once('error', (error) => (clearTimeout(timer), reject(error)));
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ ...result, code });
    });
  });
}
