// One API a host speaks: which requests it answers, how it reads them, how it writes a reply.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply, Seen } from './turn';

export interface Dialect {
  name: string;
  /** True for the requests of this API that carry a conversation (the rest get `other`). */
  matches(method: string, path: string): boolean;
  read(body: Record<string, unknown>, path: string): Seen;
  write(res: ServerResponse, reply: Reply, body: Record<string, unknown>, path: string): void;
  /** Requests of this API that are not a turn (token counts, model lists): a minimal valid answer. */
  other?(req: IncomingMessage, res: ServerResponse, path: string): boolean;
}

let counter = 0;
/** A fresh id with a prefix, e.g. "toolu_7". */
export const nextId = (prefix: string): string => `${prefix}${++counter}`;

export function sse(res: ServerResponse, events: ReadonlyArray<{ event?: string; data: unknown }>): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const { event, data } of events) {
    res.write(`${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  }
  res.end();
}

export function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}
