// A client gets the tool fields of the revision it speaks (src/protocol/versions.ts, toolFieldsOf):
// 2024-11-05, the hub's, lists name, description and inputSchema and answers content and isError, exactly
// the contract's fields; 2025-03-26 adds annotations; 2025-06-18 and later add title, outputSchema, `_meta`
// and structuredContent. A request naming no revision is 2024-11-05 on the hub's lane and 2025-03-26 on
// /mcp (what the 2025-06-18 revision tells a server to assume without the header).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { defineView } from '../../src/resources';
import { post2025, post2026, viewsSession } from '../support/mcp-post';
import { postDirect } from '../support/sse-client';
import { startSurfaceServer, type SurfaceServer } from '../support/surface-server';

const total = defineTool({
  name: 'total',
  title: 'Order total',
  description: 'The total of an order.',
  input: { id: z.string() },
  output: { id: z.string(), total: z.number() },
  text: ({ id, total }) => `Order ${id} totals ${total.toFixed(2)}.`,
  annotations: { readOnlyHint: true },
  view: 'ui://orders/total',
  handler: ({ id }) => ({ id, total: 12.5 }),
});
const view = defineView({ uri: 'ui://orders/total', name: 'total', html: () => '<!doctype html><p>total</p>' });

let server: SurfaceServer;
beforeAll(async () => {
  server = await startSurfaceServer({ tools: [total], resources: [view] });
});
afterAll(() => server.close());

type Listed = Array<Record<string, unknown>>;
const CALL = { name: 'total', arguments: { id: '7' } };
const TEXT = [{ type: 'text', text: 'Order 7 totals 12.50.' }];

describe("the hub's lane (POST /messages, no revision named)", () => {
  it('lists exactly name, description and inputSchema, the fields of the contract', async () => {
    const { json } = await postDirect(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = (json?.result as { tools: Listed }).tools;
    expect(tools.map((tool) => Object.keys(tool).sort())).toEqual([['description', 'inputSchema', 'name']]);
  });

  it('answers a tool with an output with content only: the same text, no structuredContent', async () => {
    const { json } = await postDirect(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: CALL });
    expect(json?.result).toEqual({ content: TEXT });
  });

  it('gives a client that names 2025-06-18 (as SDK v1 does after initialize) the output, on the same lane', async () => {
    const client = new Client({ name: 'fields-test', version: '1.0.0' });
    await client.connect(new SSEClientTransport(new URL(`${server.url}/sse`)));
    try {
      const { tools } = await client.listTools();
      expect(tools[0]).toMatchObject({ name: 'total', title: 'Order total', outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } });
      const result = await client.callTool(CALL);
      expect(result).toMatchObject({ content: TEXT, structuredContent: { id: '7', total: 12.5 } });
    } finally {
      await client.close();
    }
  });
});

describe('/mcp', () => {
  it('without MCP-Protocol-Version (2025-03-26): annotations, but no title, outputSchema, _meta or structuredContent', async () => {
    const none = { 'mcp-protocol-version': '' };
    const tools = ((await post2025(server.url, 'tools/list', undefined, none)).json.result as { tools: Listed }).tools;
    expect(tools).toEqual([{ name: 'total', description: 'The total of an order.', inputSchema: expect.any(Object), annotations: { readOnlyHint: true } }]);
    expect((await post2025(server.url, 'tools/call', CALL, none)).json.result).toEqual({ content: TEXT });
  });

  it.each(['2025-06-18', '2025-11-25'])('naming %s: every field, and structuredContent', async (version) => {
    // The Mcp-Session-Id of an initialize that declared MCP Apps: `_meta.ui` is listed only to such a client.
    const named = await viewsSession(server.url, { 'mcp-protocol-version': version });
    const tools = ((await post2025(server.url, 'tools/list', undefined, named)).json.result as { tools: Listed }).tools;
    expect(tools[0]).toMatchObject({ title: 'Order total', outputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, _meta: { ui: { resourceUri: 'ui://orders/total' } } });
    expect((await post2025(server.url, 'tools/call', CALL, named)).json.result).toEqual({ content: TEXT, structuredContent: { id: '7', total: 12.5 } });
  });

  it('2026-07-28: every field, and structuredContent; the list says a host may keep it 5 minutes, for this caller', async () => {
    const list = (await post2026(server.url, 'tools/list')).json.result as { tools: Listed };
    expect(list).toMatchObject({ ttlMs: 300_000, cacheScope: 'private', resultType: 'complete' });
    const tools = list.tools;
    expect(tools[0]).toMatchObject({ title: 'Order total', outputSchema: { type: 'object' } });
    expect((await post2026(server.url, 'tools/call', CALL)).json.result).toMatchObject({ content: TEXT, structuredContent: { id: '7', total: 12.5 } });
  });

  it('a revision older than 2025-03-26 named in the header gets the 2024-11-05 fields', async () => {
    const named = { 'mcp-protocol-version': '2024-11-05' };
    const tools = ((await post2025(server.url, 'tools/list', undefined, named)).json.result as { tools: Listed }).tools;
    expect(tools.map((tool) => Object.keys(tool).sort())).toEqual([['description', 'inputSchema', 'name']]);
  });
});
