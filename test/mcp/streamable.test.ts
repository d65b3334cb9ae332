// POST /mcp against real clients on loopback: the SDK v2 client at 2026-07-28 (pinned and negotiated),
// in its 2025 mode, and the v1 client over Streamable HTTP. Same tools and pass-through as the SSE lane.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { tools as exampleTools } from '../fixtures/order-tools';
import { MANAGER, startStack, type Stack } from '../support/stack';
import { until } from '../support/wait';

/** A fixture tool that reports progress before it answers. */
const slowCount = defineTool({
  name: 'slow_count',
  description: 'Counts to n, reporting progress.',
  input: { n: z.number().int().min(1).max(10).describe('How far to count.') },
  handler: async ({ n }, ctx) => {
    for (let i = 1; i <= n; i++) ctx.progress(i, n, `counted ${i}`);
    return `counted to ${n}`;
  },
});

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ tools: [...exampleTools, slowCount] });
});
afterAll(() => stack.close());

type Mode = 'legacy' | 'auto' | { pin: string };

async function v2(mode: Mode, headers: Record<string, string> = MANAGER) {
  const client = new ClientV2({ name: 'v2-test', version: '1.0.0' }, { versionNegotiation: { mode } });
  await client.connect(new TransportV2(new URL(`${stack.url}/mcp`), { requestInit: { headers } }));
  return client;
}

const textOf = (result: { content?: unknown }) => (result.content as Array<{ text: string }>)[0]?.text;

describe.each<[string, Mode]>([
  ['pinned to 2026-07-28', { pin: '2026-07-28' }],
  ['negotiating automatically', 'auto'],
  ['in its 2025 mode', 'legacy'],
])('the SDK v2 client %s', (_label, mode) => {
  it('lists the tools and calls one with the bearer token passed through', async () => {
    const client = await v2(mode);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['whoami', 'get_order', 'slow_count']));
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('Demo Manager');
      expect(stack.api.lastHeaders()?.authorization).toBe('Bearer demo-manager-token');
    } finally {
      await client.close();
    }
  });

  it('with a token the API refuses, gets the session-expired result', async () => {
    const client = await v2(mode, { authorization: 'Bearer no-longer-valid' });
    try {
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('Your session has expired. Please log in again.');
    } finally {
      await client.close();
    }
  });

  it('without any credentials, is told its connection sends none (not that a session expired)', async () => {
    const client = await v2(mode, {});
    try {
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/\(HTTP 401\) because it carried no credentials: the assistant's connection to this tool server sends none\./);
    } finally {
      await client.close();
    }
  });

  it('receives progress before the result when it asks for it', async () => {
    const client = await v2(mode);
    try {
      const seen: number[] = [];
      const result = await client.callTool({ name: 'slow_count', arguments: { n: 3 } }, { onprogress: (p) => seen.push(p.progress) });
      expect(textOf(result)).toBe('counted to 3');
      expect(seen).toEqual([1, 2, 3]);
    } finally {
      await client.close();
    }
  });
});

describe('the SDK v1 client over Streamable HTTP', () => {
  it('initializes, lists and calls tools with its headers passed through', async () => {
    const client = new ClientV1({ name: 'v1-test', version: '1.0.0' });
    await client.connect(new TransportV1(new URL(`${stack.url}/mcp`), { requestInit: { headers: { authorization: 'Bearer demo-viewer-token' } } }));
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      const result = await client.callTool({ name: 'whoami', arguments: {} });
      expect(textOf(result as { content: unknown })).toContain('Demo Viewer');
    } finally {
      await client.close();
    }
  });
});

describe('POST /mcp at the HTTP level', () => {
  const modernMeta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });

  it.each(['GET', 'DELETE'])('%s answers 405 with Allow: POST, as stateless servers do', async (method) => {
    const response = await fetch(`${stack.url}/mcp`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    const { error } = (await response.json()) as { error: { code: number; message: string } };
    expect(error.code).toBe(-32000);
    expect(error.message).toMatch(/^Method not allowed; use POST/);
  });

  it('an unknown tool is a JSON-RPC error -32601 on both eras, as on the SSE lane', async () => {
    const legacy = await post({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'nope' } });
    expect(((await legacy.json()) as { error: { code: number } }).error.code).toBe(-32601);
    const modern = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'nope', _meta: modernMeta } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'nope' },
    );
    expect(((await modern.json()) as { error: { code: number } }).error.code).toBe(-32601);
  });

  it('2026-07-28 without the Mcp-Method header is refused with 400 / -32020', async () => {
    const response = await post({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: modernMeta } }, { 'mcp-protocol-version': '2026-07-28' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32020);
  });

  it('2026-07-28 with an Mcp-Name that disagrees with the body is refused with 400 / -32020', async () => {
    const response = await post(
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'whoami', _meta: modernMeta } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'get_order' },
    );
    expect(response.status).toBe(400);
  });

  it('a revision this server does not speak gets 400 / -32022 naming the one it does', async () => {
    const meta = { ...modernMeta, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' };
    const response = await post({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: meta } }, { 'mcp-protocol-version': '2027-01-01', 'mcp-method': 'tools/list' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; data: { supported: string[] } } };
    expect(body.error.code).toBe(-32022);
    expect(body.error.data.supported).toEqual(['2026-07-28']);
  });

  it('a notification is accepted with 202 and no body; a batch is refused with 400', async () => {
    const note = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(note.status).toBe(202);
    expect(await note.text()).toBe('');
    const batch = await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(batch.status).toBe(400);
  });

  it('an Accept that allows neither JSON nor an event stream gets 406', async () => {
    const response = await post({ jsonrpc: '2.0', id: 6, method: 'ping' }, { accept: 'text/html' });
    expect(response.status).toBe(406);
  });

  it('a traceparent received in _meta reaches the customer API with the call', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const response = await post(
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'whoami', arguments: {}, _meta: { ...modernMeta, traceparent } } },
      { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'whoami', ...MANAGER },
    );
    expect(response.status).toBe(200);
    expect(stack.api.lastHeaders()?.traceparent).toBe(traceparent);
  });

  it('a traceparent header on a 2025-era call reaches the customer API too', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await post({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'whoami', arguments: {} } }, { traceparent, ...MANAGER });
    expect(stack.api.lastHeaders()?.traceparent).toBe(traceparent);
  });
});

describe('a client leaving POST /mcp', () => {
  it('aborts the call and its upstream request, as on the SSE lane', async () => {
    await fetch(`${stack.api.url}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delayMs: 3000 }) });
    const controller = new AbortController();
    const pending = fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...MANAGER },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await until(() => stack.server.inFlight.size === 1);
    const started = Date.now();
    controller.abort();
    await pending;
    await until(() => stack.server.inFlight.size === 0);
    expect(Date.now() - started).toBeLessThan(1000);
    await until(() => stack.logs().some((line) => line.tool === 'whoami' && line.outcome === 'cancelled'));
  });
});
