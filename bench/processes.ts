// Child processes of the benchmark: start a server on a free loopback port, wait for GET /health,
// and make sure every child is killed when the bench ends, however it ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const HOST = '127.0.0.1';
const GC_PRELOAD = join(__dirname, 'gc-on-signal.js');
const live = new Set<ChildProcess>();

export interface ChildServer {
  readonly name: string;
  readonly pid: number;
  readonly url: string;
  stop(): Promise<void>;
}

/** A port the OS reports free right now (the child binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function healthStatus(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = get(`${url}/health`, { timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}

/**
 * Runs `node [nodeFlags] --expose-gc -r gc-on-signal <script>` with PORT and HOST set, stdout ignored and stderr
 * kept (its tail explains a failed start), and resolves once GET /health answers 200.
 */
export async function startServer(
  name: string,
  script: string,
  env: Record<string, string> = {},
  readyTimeoutMs = 15_000,
  nodeFlags: readonly string[] = [],
): Promise<ChildServer> {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const child = spawn(process.execPath, [...nodeFlags, '--expose-gc', '-r', GC_PRELOAD, script], {
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  live.add(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let exited: string | undefined;
  child.once('error', (error) => {
    live.delete(child);
    exited = `could not be started: ${error.message}`;
  });
  child.once('exit', (code, signal) => {
    live.delete(child);
    exited = `exited with ${signal ?? code}`;
  });

  const stop = async (): Promise<void> => {
    if (exited !== undefined || child.exitCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  };

  try {
    await waitForHealth(url, readyTimeoutMs, () => exited);
  } catch (error) {
    await stop();
    throw new Error(`${name} (${script}) ${(error as Error).message}${stderr ? `\n--- stderr ---\n${stderr.trim()}` : ''}`);
  }
  return { name, pid: child.pid ?? -1, url, stop };
}

/** Resolves once GET /health answers 200; rejects with why when `exited` names an exit, or at the deadline. */
export async function waitForHealth(url: string, timeoutMs: number, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const gone = exited();
    if (gone !== undefined) throw new Error(gone);
    if ((await healthStatus(url)) === 200) return;
    await sleep(50);
  }
  throw new Error(exited() ?? `did not answer GET /health with 200 within ${timeoutMs} ms`);
}

/** Counts `child` among those killAll kills (a server started some other way, e.g. under valgrind). */
export function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/** Kills every child still running; synchronous so that it also works from an 'exit' handler. */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}
