import { createServer } from 'node:http';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { tools as exampleTools } from '../fixtures/order-tools';
import { callTool, SseClient } from '../support/sse-client';
import { MANAGER, startStack, type Stack } from '../support/stack';
import { until } from '../support/wait';

describe('GET /sse', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { SSE_KEEPALIVE_MS: '1000', PUBLIC_BASE_PATH: '/tools' } });
  });
  afterAll(() => stack.close());

  it('answers with event-stream headers and an endpoint event naming a fresh session', async () => {
    const first = await SseClient.open(stack.url);
    const second = await SseClient.open(stack.url);
    try {
      expect(first.response.statusCode).toBe(200);
      expect(first.response.headers['content-type']).toBe('text/event-stream');
      expect(first.response.headers['cache-control']).toBe('no-cache, no-transform');
      expect(first.response.headers['x-accel-buffering']).toBe('no');
      expect(first.events[0]?.event).toBe('endpoint');
      expect(first.endpoint).toMatch(/^\/tools\/messages\?sessionId=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(second.endpoint).not.toBe(first.endpoint);
      expect(stack.server.sessions.size).toBe(2);
    } finally {
      first.close();
      second.close();
    }
  });

  it('sends a keep-alive comment on an idle stream every SSE_KEEPALIVE_MS', async () => {
    const client = await SseClient.open(stack.url);
    try {
      await client.until(() => client.comments >= 2, 'two keep-alive comments');
      expect(client.closed).toBe(false);
    } finally {
      client.close();
    }
  });

  it('POST /sse is refused with 405 and Allow: GET', async () => {
    const response = await fetch(`${stack.url}/sse`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toBe(
      'Method not allowed; use GET. This is the HTTP+SSE endpoint for the assistant hub; MCP clients that speak Streamable HTTP connect to /tools/mcp',
    );
  });

  it('a Streamable HTTP client (SDK v1) pointed at /sse fails with the sentence naming /mcp (what a host shows)', async () => {
    const client = new ClientV1({ name: 'streamable-host', version: '1.0.0' });
    const connecting = client.connect(new TransportV1(new URL(`${stack.url}/sse`)));
    await expect(connecting).rejects.toThrow(/Error POSTing to endpoint.*MCP clients that speak Streamable HTTP connect to \/tools\/mcp/s);
    await client.close();
  });
});

describe('POST /messages on a live session', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  const endpointOf = (client: SseClient) => client.endpoint.replace(/^\/tools/, '');

  it('answers 202 with an empty body and puts the JSON-RPC answer on the stream as event: message', async () => {
    const client = await SseClient.open(stack.url);
    try {
      const response = await fetch(`${stack.url}${endpointOf(client)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
      });
      expect(response.status).toBe(202);
      expect(await response.text()).toBe('');
      const answer = await client.answer(7);
      expect(client.events.find((e) => e.data.includes('"id":7'))?.event).toBe('message');
      expect((answer.result?.tools as unknown[]).length).toBeGreaterThanOrEqual(4);
    } finally {
      client.close();
    }
  });

  it('runs several calls on one session concurrently and matches answers by id', async () => {
    await fetch(`${stack.api.url}/_demo/next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delayMs: 300, times: 1 }),
    });
    const client = await SseClient.open(stack.url);
    try {
      // id 1 is delayed by the API; id 2 is not, so it must arrive first if calls run concurrently.
      const slow = client.call(1, 'tools/call', callTool('get_order', { orderId: '1001' }), MANAGER);
      await until(() => stack.server.inFlight.size === 1);
      const fast = await client.call(2, 'tools/call', callTool('get_order', { orderId: '1002' }), MANAGER);
      expect(fast.result?.content?.[0]?.text).toContain('Contoso');
      const slowAnswer = await slow;
      expect(slowAnswer.result?.content?.[0]?.text).toContain('Northwind');
      const order = client.events.filter((e) => e.event === 'message').map((e) => (JSON.parse(e.data) as { id: number }).id);
      expect(order).toEqual([2, 1]);
    } finally {
      client.close();
    }
  });

  it('removes the session at once when its stream closes; a later POST gets 404 with a JSON-RPC error', async () => {
    const client = await SseClient.open(stack.url);
    const before = stack.server.sessions.size;
    client.close();
    await client.waitClosed();
    await until(() => stack.server.sessions.size === before - 1);
    const response = await fetch(`${stack.url}${client.endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: expect.stringContaining('Session not found') } });
  });
});

describe('closing a stream with a call in flight', () => {
  it('aborts the tool call and cancels its upstream request', async () => {
    // An upstream that never answers, and tells us when the request it was holding is aborted.
    let upstreamAborted!: () => void;
    const aborted = new Promise<void>((resolve) => (upstreamAborted = resolve));
    let upstreamReceived!: () => void;
    const received = new Promise<void>((resolve) => (upstreamReceived = resolve));
    const hanging = createServer((req, res) => {
      if (req.url === '/') return void res.end('ok');
      upstreamReceived();
      res.on('close', () => upstreamAborted());
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    let signalSeen: AbortSignal | undefined;
    const wait = defineTool({
      name: 'wait',
      description: 'Waits on the upstream.',
      input: { x: z.string().optional() },
      async handler(_input, ctx) {
        signalSeen = ctx.signal;
        await ctx.api.get('/hang');
        return 'done';
      },
    });
    const stack = await startStack({ tools: [...exampleTools, wait], customerApiUrl: () => `http://127.0.0.1:${port}` });
    try {
      const client = await SseClient.open(stack.url);
      await client.post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('wait') });
      await received;
      expect(stack.server.inFlight.size).toBe(1);
      client.close();
      await aborted;
      expect(signalSeen?.aborted).toBe(true);
      await until(() => stack.server.inFlight.size === 0 && stack.server.sessions.size === 0);
    } finally {
      await stack.close();
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});

describe('Node request time-outs', () => {
  it('do not end a long-lived stream', async () => {
    const stack = await startStack({ env: { SSE_KEEPALIVE_MS: '1000' } });
    // Far shorter than the stream's life: the stream must outlive both.
    stack.server.http.requestTimeout = 500;
    stack.server.http.headersTimeout = 400;
    try {
      const client = await SseClient.open(stack.url);
      await client.until(() => client.comments >= 3, 'three keep-alives, past the time-outs');
      expect(client.closed).toBe(false);
      client.close();
    } finally {
      await stack.close();
    }
  });
});
