// The bench's raw-Node limit server on loopback: it must be a real MCP server for the bench's path (the SDK
// v1 client over HTTP+SSE, and both load clients), forwarding the caller's Authorization to the API.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { startLimitServer } from '../../bench/limit-server';
import { closedLoop, McpLoadClient, totalErrors } from '../../bench/load';
import { StreamableLoadClient } from '../../bench/mcp-client';
import { orderBody, startStandInApi, type StartedServer } from '../../bench/stand-in-api';
import type { Listening } from '../../src/http/listen';

const HEADERS = { authorization: 'Bearer test-token' };

let api: StartedServer;
let limit: Listening;
beforeAll(async () => {
  api = await startStandInApi();
  limit = await startLimitServer(api.url);
});
afterAll(async () => {
  await limit?.close();
  await api?.close();
});

describe('the limit server', () => {
  it('serves the SDK client over HTTP+SSE: initialize, tools/list, and both tools with the API text unchanged (2024-11-05: no structuredContent)', async () => {
    const client = new Client({ name: 'limit-test', version: '1.0.0' });
    await client.connect(new SSEClientTransport(new URL(`${limit.url}/sse`), { requestInit: { headers: HEADERS } }));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['get_order', 'get_order_text']);
      for (const name of ['get_order', 'get_order_text']) {
        const result = await client.callTool({ name, arguments: { orderId: 'ord_42' } });
        expect(result.isError).toBeFalsy();
        expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual(orderBody('ord_42'));
        expect(result.structuredContent).toBeUndefined();
      }
    } finally {
      await client.close();
    }
  });

  it('answers get_order on SSE sessions and on POST /mcp as successes', async () => {
    const sse = await McpLoadClient.connect(limit.url, { sessions: 2, connections: 4, headers: HEADERS, timeoutMs: 5000 });
    const mcp = new StreamableLoadClient(limit.url, { era: '2025', connections: 4, headers: HEADERS, timeoutMs: 5000 });
    try {
      const overSse = await closedLoop(4, 10_000, (w, n) => sse.callTool(w, 'get_order', { orderId: `ord_${n}` }), 20);
      const overMcp = await closedLoop(4, 10_000, (_w, n) => mcp.callTool('get_order', { orderId: `ord_${n}` }), 20);
      expect([overSse.calls, totalErrors(overSse.errors)]).toEqual([20, 0]);
      expect([overMcp.calls, totalErrors(overMcp.errors)]).toEqual([20, 0]);
    } finally {
      await sse.close();
      await mcp.close();
    }
  });

  it('forwards the caller\'s Authorization: without one the API refuses and the result is an error', async () => {
    const mcp = new StreamableLoadClient(limit.url, { era: '2025', connections: 1, headers: {}, timeoutMs: 5000 });
    try {
      expect(await mcp.callTool('get_order', { orderId: 'ord_1' })).toMatchObject({ error: 'isError' });
    } finally {
      await mcp.close();
    }
  });

  it('answers 2026-07-28 tools/call requests with stamped results, and a Mcp-Name that disagrees with 400 -32020', async () => {
    const mcp = new StreamableLoadClient(limit.url, { era: '2026', connections: 2, headers: HEADERS, timeoutMs: 5000 });
    try {
      const overMcp = await closedLoop(2, 10_000, (_w, n) => mcp.callTool('get_order', { orderId: `ord_${n}` }), 10);
      expect([overMcp.calls, totalErrors(overMcp.errors)]).toEqual([10, 0]);
      const { headers, body } = mcp.request(7, 'get_order', { orderId: 'ord_7' });
      const ok = await fetch(`${limit.url}/mcp`, { method: 'POST', headers: { ...headers, ...HEADERS }, body });
      expect(await ok.json()).toMatchObject({
        id: 7,
        result: { resultType: 'complete', structuredContent: orderBody('ord_7'), _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'limit' } } },
      });
      const bad = await fetch(`${limit.url}/mcp`, { method: 'POST', headers: { ...headers, ...HEADERS, 'mcp-name': 'other' }, body });
      expect([bad.status, ((await bad.json()) as { error: { code: number } }).error.code]).toEqual([400, -32020]);
    } finally {
      await mcp.close();
    }
  });

  it('answers an unknown tool or method with JSON-RPC -32601', async () => {
    const mcp = new StreamableLoadClient(limit.url, { era: '2025', connections: 1, headers: HEADERS, timeoutMs: 5000 });
    try {
      expect(await mcp.callTool('no_such_tool', {})).toMatchObject({ error: 'jsonrpc' });
    } finally {
      await mcp.close();
    }
  });
});
