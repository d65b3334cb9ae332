// POST /mcp on one kept-alive connection: node:cluster hands a connection to one worker and it stays
// there, so every request on it reaches the same worker. Each request checks that the connection was
// reused (a new one could reach another worker). For tests that need two requests on different workers.
import { Agent, request } from 'node:http';
import type { Message } from './mcp-stream';

export interface PinnedReply {
  status: number;
  retryAfter: string | null;
  contentType: string | null;
  /** The JSON body, or every message of an event stream, in order. */
  messages: Message[];
}

export interface Pinned {
  /** The process id of the worker (or replica) that serves this connection. */
  readonly pid: number;
  post(body: unknown, headers?: Record<string, string>): Promise<PinnedReply>;
  close(): void;
}

const where = { jsonrpc: '2.0', id: 'where', method: 'tools/call', params: { name: 'where', arguments: {} } };

function postOn(agent: Agent, url: string, body: unknown, headers: Record<string, string>, first: boolean): Promise<PinnedReply> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/mcp`, { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        const contentType = res.headers['content-type'] ?? null;
        const messages = contentType?.includes('event-stream')
          ? text
              .split('\n\n')
              .map((block) => block.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n'))
              .filter((data) => data !== '')
              .map((data) => JSON.parse(data) as Message)
          : text === ''
            ? []
            : [JSON.parse(text) as Message];
        resolve({ status: res.statusCode ?? 0, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null, contentType, messages });
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
    if (!first) req.once('socket', () => (req.reusedSocket ? undefined : req.destroy(new Error('the kept-alive connection was not reused: the request may reach another worker'))));
  });
}

/** One connection to `url`, pinned to whichever worker took it. */
export async function pin(url: string): Promise<Pinned> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const reply = await postOn(agent, url, where, {}, true);
  const text = (reply.messages[0]?.result as { content?: Array<{ text: string }> } | undefined)?.content?.[0]?.text ?? 'null';
  const { pid } = JSON.parse(text) as { pid: number };
  return { pid, post: (body, headers = {}) => postOn(agent, url, body, headers, false), close: () => agent.destroy() };
}

/** Connections pinned to `count` different workers of the cluster at `url` (new connections until each has one). */
export async function pinWorkers(url: string, count: number): Promise<Pinned[]> {
  const found = new Map<number, Pinned>();
  for (let attempt = 0; attempt < count * 10 && found.size < count; attempt++) {
    const pinned = await pin(url);
    if (found.has(pinned.pid)) pinned.close();
    else found.set(pinned.pid, pinned);
  }
  if (found.size < count) throw new Error(`only ${found.size} of ${count} workers took a connection`);
  return [...found.values()];
}
