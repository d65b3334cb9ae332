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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `command`, resolves once a line of its stdout matched `ready` `count` times. */
async function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, count = 1) {
  const child = spawnChild(command, args, { env });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let output = '';
  let seen = 0;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
      seen = output.split('\n').filter((line) => ready.test(line)).length;
      if (seen >= count) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000)));
    child.once('exit', (code, signal) => reject(new Error(`${command} exited (${signal ?? code}) before it was ready:\n${output}`)));
  });
  return { child, output: () => output };
}

export interface Replica {
  readonly url: string;
  readonly child: ChildProcess;
  /** Its stdout and stderr so far (the log), for assertions and failure messages. */
  output(): string;
  /** Sends `signal` and resolves with the exit code once the process has gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A replica on a free port; `env` adds settings (REDIS_URL, WORKERS, …); `fixture` runs another build's. */
export async function startReplica(env: Record<string, string>, fixture = FIXTURE): Promise<Replica> {
  const port = await freePort();
  const workers = Number(env.WORKERS ?? 1);
  // One test user makes every call: the per-user in-flight cap would refuse the routing tests' bursts.
  const fullEnv = { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: String(port), USER_MAX_IN_FLIGHT: '0', ...env };
  const { child, output } = await startProcess(process.execPath, ['--import', 'tsx', fixture], fullEnv, /tool server listening/, workers);
  return { url: `http://127.0.0.1:${port}`, child, output, stop: (signal) => stop(child, signal) };
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
  stop(): Promise<void>;
  /** Starts a fresh, empty redis-server on the same port. */
  restart(): Promise<void>;
}

/** A redis-server of the test's own (no persistence), on a free port; `extraArgs` e.g. `--requirepass <p>`. */
export async function startRedisServer(extraArgs: readonly string[] = []): Promise<RedisServer> {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs];
  const run = () => startProcess('redis-server', args, { PATH: process.env.PATH }, /Ready to accept connections/);
  let current = await run();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: () => stop(current.child).then(() => undefined),
    async restart() {
      current = await run();
    },
  };
}

/** Kills whatever is left (call in afterAll). */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}
