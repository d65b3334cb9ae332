import { request } from 'node:http';
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { openUnreadStream, type UnreadStream } from '../support/raw-stream';
import { callTool, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';
import { until } from '../support/wait';

/** A fixture tool whose answer is as large as asked: what makes an unread stream fill up. */
const big = defineTool({
  name: 'big',
  description: 'Returns kb kibibytes of text.',
  input: { kb: z.number().int().min(1).max(32768).describe('Size of the answer in KiB.') },
  handler: ({ kb }) => 'x'.repeat(kb * 1024),
});

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('SSE streams have bounded memory', () => {
  let stack: Stack;
  const open: UnreadStream[] = [];
  beforeAll(async () => {
    stack = await startStack({ tools: [big], env: { SSE_MAX_BUFFERED_BYTES: '262144', MAX_BODY_BYTES: '65536' } });
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.socket.destroy();
  });
  afterAll(() => stack.close());

  it('a stream whose reader stops reading is destroyed, and its buffer is freed at once', async () => {
    const stream = await openUnreadStream(stack.url);
    open.push(stream);
    expect(stack.server.sessions.size).toBe(1);
    // Each answer is 512 KiB; the kernel's socket buffers take the first few, then the backlog grows.
    for (let id = 1; id <= 40 && stack.server.sessions.size > 0; id++) {
      const response = await post(`${stack.url}${stream.endpoint}`, { jsonrpc: '2.0', id, method: 'tools/call', params: callTool('big', { kb: 512 }) });
      expect([202, 404]).toContain(response.status);
      await until(() => stack.server.inFlight.size === 0);
    }
    await until(() => stack.server.sessions.size === 0);
    const streams = stack.server.sessions as unknown as { bufferedBytes: number };
    expect(streams.bufferedBytes).toBe(0);
    expect(stack.logs().some((line) => line.msg === 'sse reader too far behind: stream destroyed')).toBe(true);
    // The session is gone for good: further POSTs get 404, so the hub reconnects.
    const late = await post(`${stack.url}${stream.endpoint}`, { jsonrpc: '2.0', id: 99, method: 'ping' });
    expect(late.status).toBe(404);
  });
});

describe('stream caps', () => {
  it('one client cannot take every slot: its extra streams get 429, another client still connects', async () => {
    const stack = await startStack({ env: { MAX_SESSIONS: '4', MAX_STREAMS_PER_CLIENT: '2' } });
    const clients: SseClient[] = [];
    try {
      clients.push(await SseClient.open(stack.url), await SseClient.open(stack.url));
      const refused = await fetch(`${stack.url}/sse`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(-32002);
      const other = await SseClient.open(stack.url, {}, '127.0.0.2');
      clients.push(other);
      expect(other.endpoint).toMatch(/^\/messages\?sessionId=/);
      expect(stack.server.sessions.size).toBe(3);
    } finally {
      for (const client of clients) client.close();
      await stack.close();
    }
  });

  it('MAX_SESSIONS counts a destroyed stream until its socket is gone, then frees the slot', async () => {
    const stack = await startStack({ env: { MAX_SESSIONS: '1' } });
    try {
      const first = await SseClient.open(stack.url);
      expect((await fetch(`${stack.url}/sse`)).status).toBe(503);
      first.close();
      await until(() => stack.server.sessions.size === 0);
      const second = await SseClient.open(stack.url);
      expect(second.endpoint).not.toBe(first.endpoint);
      second.close();
    } finally {
      await stack.close();
    }
  });

  it('a stream that carried no message for SSE_IDLE_TIMEOUT_MS is ended; one that did is kept', async () => {
    const stack = await startStack({ env: { SSE_KEEPALIVE_MS: '1000', SSE_IDLE_TIMEOUT_MS: '1500' } });
    try {
      const idle = await SseClient.open(stack.url);
      const busy = await SseClient.open(stack.url);
      const keepBusy = setInterval(() => void busy.call(Date.now(), 'ping').catch(() => undefined), 300);
      try {
        await idle.waitClosed();
        expect(busy.closed).toBe(false);
      } finally {
        clearInterval(keepBusy);
        busy.close();
      }
    } finally {
      await stack.close();
    }
  });
});

describe('direct answers', () => {
  it('an answer nobody reads does not hold its socket: destroyed after WRITE_TIMEOUT_MS', async () => {
    const stack = await startStack({ tools: [big], env: { WRITE_TIMEOUT_MS: '1000' } });
    try {
      const { hostname, port } = new URL(stack.url);
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('big', { kb: 24576 }) });
      const req = request({ host: hostname, port, path: '/messages', method: 'POST', headers: { 'content-type': 'application/json' } });
      const response = new Promise<import('node:http').IncomingMessage>((resolve) => req.on('response', resolve));
      req.on('error', () => undefined);
      req.end(body);
      const res = await response;
      res.pause(); // never read the 24 MiB answer: more than the kernel's socket buffers take
      res.on('error', () => undefined);
      const connections = () => new Promise<number>((resolve) => stack.server.http.getConnections((_e, n) => resolve(n)));
      expect(await connections()).toBe(1);
      const started = Date.now();
      for (;;) {
        if ((await connections()) === 0) break;
        if (Date.now() - started > 5_000) throw new Error('socket still open');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      req.destroy();
    } finally {
      await stack.close();
    }
  });
});
