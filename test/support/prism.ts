// A Prism mock (@stoplight/prism-cli) of one OpenAPI document on a free loopback port, with request
// validation on (Prism's default): a request the document would reject gets a 4xx answer. Prism takes
// seconds to start: start one per document and file, and stop it when done.
import { once } from 'node:events';
import { join } from 'node:path';
import { freePort } from './processes';
import { spawnChild } from './children';

const PRISM = join(__dirname, '../../node_modules/@stoplight/prism-cli/dist/index.js');

export interface PrismMock {
  url: string;
  /** What Prism printed so far: its validator names each violation. */
  output(): string;
  stop(): Promise<void>;
}

export async function startPrism(document: string): Promise<PrismMock> {
  const port = await freePort();
  const child = spawnChild(process.execPath, [PRISM, 'mock', '--host', '127.0.0.1', '--port', String(port), document], {
  });
  let output = '';
  const append = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-200_000));
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  await new Promise<void>((resolve, reject) => {
    const onData = () => /Prism is listening/.test(output) && resolve();
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism exited (${code}) before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
