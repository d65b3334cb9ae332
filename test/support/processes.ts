// Real server processes for the scale tests: free loopback ports, replicas (the fixture entry run with
// tsx; with WORKERS>1 a cluster primary and its workers), and a redis-server of the test's own that can
// be stopped and restarted. Every process started here is killed when the test file ends.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { spawnChild } from './children';

const FIXTURE = join(__dirname, '..', 'scale', 'fixture', 'replica.ts');
const live = new Set<ChildProcess>();

/** Listens on `port` (0: any) on 127.0.0.1 and closes again: the port it got, or undefined when it is taken. */
export function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(undefined));
    probe.listen(port, '127.0.0.1', () => {
      const got = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(got));
    });
  });
}

export async function freePort(): Promise<number> {
  const port = await tryListen(0);
  if (port === undefined) throw new Error('no free port on 127.0.0.1');
  return port;
}

/** Starts `command`, resolves once a line of its stdout matched `ready` `count` times. */
async function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, count = 1) {
  const child = spawnChild(command, args, { env });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let output = '';
  let seen = 0;
  /** Called after each chunk of output: the waits of waitFor. */
  const watchers = new Set<() => void>();
  const heard = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
    for (const watcher of watchers) watcher();
  };
  child.stdout.on('data', heard);
  child.stderr.on('data', heard);
  /** Resolves once the output (its last 20,000 characters) satisfies `condition`, checked as each chunk arrives. */
  const waitFor = (condition: (output: string) => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        watchers.delete(check);
        child.off('exit', exited);
      };
      const check = () => {
        if (!condition(output)) return;
        done();
        resolve();
      };
      const exited = (code: number | null, signal: string | null) => {
        done();
        reject(new Error(`${command} exited (${signal ?? code}) before ${what}:\n${output}`));
      };
      watchers.add(check);
      child.once('exit', exited);
      check();
    });
  await waitFor(() => {
    seen = output.split('\n').filter((line) => ready.test(line)).length;
    return seen >= count;
  }, 'it was ready');
  return { child, output: () => output, waitFor };
}

export interface Replica {
  readonly url: string;
  readonly child: ChildProcess;
  /** Its stdout and stderr so far (the log), for assertions and failure messages. */
  output(): string;
  /** Sends `signal` and resolves with the exit code once the process has gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * Resolves once its output (the last 20,000 characters) satisfies `condition`, checked as each chunk
   * of output arrives (an event, not a clock); rejects if the process exits first.
   */
  waitFor(condition: (output: string) => boolean, what?: string): Promise<void>;
}

/** A replica on a free port; `env` adds settings (REDIS_URL, WORKERS, …); `fixture` runs another build's. */
export async function startReplica(env: Record<string, string>, fixture = FIXTURE): Promise<Replica> {
  const workers = Number(env.WORKERS ?? 1);
  const { port, started } = await onFreePort(async (port) => {
    // One test user makes every call: the per-user in-flight cap would refuse the routing tests' bursts.
    const fullEnv = { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), USER_MAX_IN_FLIGHT: '0', ...env };
    return startProcess(process.execPath, ['--import', 'tsx', fixture], fullEnv, /tool server listening/, workers);
  });
  const { child, output, waitFor } = started;
  return { url: `http://127.0.0.1:${port}`, child, output, stop: (signal) => stop(child, signal), waitFor: (condition, what = 'the output expected') => waitFor(condition, what) };
}

/**
 * Starts `start` on a port that was free when asked for. Between that question and the child's listen
 * (a replica first waits for Redis), another process on the machine may take the port: the child then
 * exits with EADDRINUSE, and it starts again on another free port (a race of the machine, not of the code
 * under test; any other early exit is the test's failure).
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>, attempts = 5): Promise<{ port: number; started: T }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { port, started: await start(port) };
    } catch (error) {
      if (attempt >= attempts || !/EADDRINUSE|Address already in use/.test(String((error as Error)?.message))) throw error;
    }
  }
}

async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = (await exited) as [number | null];
  return code;
}

export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** The redis-server running now (a restart starts another): for SIGSTOP and SIGCONT. */
  readonly process: ChildProcess;
  /** Sends `signal` (SIGTERM by default; SIGKILL for a crash) and resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts a fresh, empty redis-server on the same port. */
  restart(): Promise<void>;
}

/** A redis-server of the test's own (no persistence), on a free port; `extraArgs` e.g. `--requirepass <p>`. */
export async function startRedisServer(extraArgs: readonly string[] = []): Promise<RedisServer> {
  const run = (port: number) =>
    startProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs], { PATH: process.env.PATH }, /Ready to accept connections/);
  const first = await onFreePort(run);
  const port = first.port;
  let current = first.started;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get process() {
      return current.child;
    },
    stop: (signal) => stop(current.child, signal).then(() => undefined),
    async restart() {
      current = await run(port);
    },
  };
}

/** Kills whatever is left (call in afterAll). */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}
