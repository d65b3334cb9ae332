// An in-memory destination for the server's logger: tests read back everything it wrote.
import { Writable } from 'node:stream';

export interface LogSink {
  /** Where the logger writes. */
  readonly stream: Writable;
  /** Everything written so far. */
  text(): string;
}

export function logSink(): LogSink {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}
