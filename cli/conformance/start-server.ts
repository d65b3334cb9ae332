// `--start "<command>"`: runs the server under test with CUSTOMER_API_URL pointed at the stand-in API and
// PORT/HOST taken from the base URL, waits until /health answers, and stops it (its whole process group).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface StartedServer {
  output(): string;
  stop(): Promise<void>;
}

/** Asks /health until anything answers (any status): the server is listening. Bounded by `timeoutMs`. */
async function listening(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 50; ; delay = Math.min(delay * 2, 500)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before listening`);
    const answered = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1_000) }).then(() => true, () => false);
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`the server did not listen on ${baseUrl} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, delay)); // a CLI waiting for another process: nothing to subscribe to
  }
}

export async function startServer(command: string, baseUrl: string, env: Record<string, string>, timeoutMs = 60_000): Promise<StartedServer> {
  const url = new URL(baseUrl);
  const child = spawn(command, {
    shell: true,
    detached: true, // its own process group, so `npm start` and what it starts stop together
    env: { ...process.env, PORT: url.port || '80', HOST: url.hostname.replace(/^\[|\]$/g, ''), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  };
  try {
    await listening(baseUrl, child, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${out.slice(-2000)}`);
  }
  return { output: () => out, stop };
}
