// A Prism mock (@stoplight/prism-cli) of one OpenAPI document on a free loopback port, with request
// validation on (Prism's default): a request the document would reject gets a 4xx answer. Prism takes
// seconds to start: start one per document and file, and stop it when done.
import { once } from 'node:events';
import { join } from 'node:path';
import { onFreePort } from './processes';
import { spawnChild } from './children';

const PRISM = join(__dirname, '../../node_modules/@stoplight/prism-cli/dist/index.js');

export interface PrismMock {
  url: string;
  /** What Prism printed so far: its validator names each violation. */
  output(): string;
  stop(): Promise<void>;
}

export async function startPrism(document: string): Promise<PrismMock> {
  // Prism takes seconds to listen: another process may take the free port meanwhile (onFreePort retries).
  const { port, started } = await onFreePort(async (port) => {
    const child = spawnChild(process.execPath, [PRISM, 'mock', '--host', '127.0.0.1', '--port', String(port), document], {});
    const log = { output: '' };
    const append = (chunk: Buffer) => (log.output = (log.output + chunk.toString('utf8')).slice(-200_000));
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    await new Promise<void>((resolve, reject) => {
      const onData = () => /Prism is listening/.test(log.output) && resolve();
      child.stdout.on('data', onData);
      child.once('exit', (code) => reject(new Error(`prism exited (${code}) before listening:\n${log.output}`)));
    });
    return { child, log };
  });
  const { child, log } = started;
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => log.output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
