// A null for an optional input means "not given" (src/tools/null-arguments.ts), in every schema mode and on
// both lanes (the SDK v2 client on /mcp, v1's on the hub's /sse): the call behaves exactly as one without
// the field, for a zod tool and a raw JSON Schema tool; a null where the field is required is refused,
// naming it; a null a field takes (nullable) is a value and is sent on.
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool';
import { omitNulls } from '../../src/tools/null-arguments';
import { startFakeApi, startToolServer, type FakeApi, type FakeRequest, type TestServer } from '../../src/tools/testing';

type Json = Record<string, unknown>;

const search = defineTool({
  name: 'search_orders',
  description: 'Searches orders.',
  input: {
    customer: z.string().describe('The customer id.'),
    limit: z.number().int().min(1).default(20).describe('How many.'),
    status: z.enum(['open', 'paid']).optional(),
    note: z.string().nullable().optional().describe('A note; null clears it.'),
    shipping: z.object({ city: z.string(), zip: z.string().optional() }).optional(),
    tags: z.array(z.object({ name: z.string(), colour: z.string().optional() })).optional(),
  },
  handler: async (input, ctx) => JSON.stringify(await ctx.api.post('/orders/search', input)),
});
const raw = defineTool({
  name: 'raw_search',
  description: 'Searches orders, declared in JSON Schema.',
  inputSchema: { type: 'object', properties: { customer: { type: 'string' }, limit: { type: 'integer', minimum: 1 } }, required: ['customer'], additionalProperties: false },
  handler: async (input, ctx) => JSON.stringify(await ctx.api.post('/orders/search', input)),
});

describe('omitNulls', () => {
  it('with keepNullable leaves out the nulls of optional fields that do not take null, at any depth, and keeps the rest', () => {
    const schema = search.descriptor.inputSchema;
    const args = { customer: 'c-1', limit: null, status: null, note: null, shipping: { city: 'Oslo', zip: null }, tags: [{ name: 'a', colour: null }] };
    expect(omitNulls(schema, args, true)).toEqual({ customer: 'c-1', note: null, shipping: { city: 'Oslo' }, tags: [{ name: 'a' }] });
    expect(omitNulls(schema, args)).toEqual({ customer: 'c-1', shipping: { city: 'Oslo' }, tags: [{ name: 'a' }] });
    expect(omitNulls(schema, { customer: null }, true)).toEqual({ customer: null });
  });

  it('returns the arguments themselves when there is nothing to leave out', () => {
    const args = { customer: 'c-1', note: null, shipping: { city: 'Oslo' }, tags: [{ name: 'a' }] };
    expect(omitNulls(search.descriptor.inputSchema, args, true)).toBe(args);
  });
});

interface Lane {
  call(name: string, args: Json): Promise<{ isError?: boolean; content: unknown }>;
  close(): Promise<void>;
}

async function lanes(url: string): Promise<Record<'mcp' | 'sse', Lane>> {
  const v2 = new Client({ name: 'null-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await v2.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)));
  const v1 = new ClientV1({ name: 'null-test-sse', version: '1.0.0' });
  await v1.connect(new SSEClientTransport(new URL(`${url}/sse`)));
  return {
    mcp: { call: async (name, args) => (await v2.callTool({ name, arguments: args })) as { isError?: boolean; content: unknown }, close: () => v2.close() },
    sse: { call: async (name, args) => (await v1.callTool({ name, arguments: args })) as { isError?: boolean; content: unknown }, close: () => v1.close() },
  };
}

describe.each(['portable', 'strict'])('TOOL_SCHEMAS=%s through a tool server', (mode) => {
  let api: FakeApi;
  let server: TestServer;
  let clients: Record<'mcp' | 'sse', Lane>;
  const received: FakeRequest[] = [];
  beforeAll(async () => {
    api = await startFakeApi({
      'POST /orders/search': (request) => {
        received.push(request);
        return { body: { orders: [] } };
      },
    });
    server = await startToolServer({ tools: [search, raw], apiUrl: api.url, env: { TOOL_SCHEMAS: mode } });
    clients = await lanes(server.url);
  });
  afterAll(async () => {
    await clients?.mcp.close();
    await clients?.sse.close();
    await server?.close();
    await api?.close();
  });

  /** What the API received for a call, or the call's error text. */
  async function sent(lane: 'mcp' | 'sse', name: string, args: Json): Promise<unknown> {
    const before = received.length;
    const result = await clients[lane].call(name, args);
    if (result.isError) return { error: (result.content as Array<{ text: string }>)[0]?.text };
    expect(received).toHaveLength(before + 1);
    return received.at(-1)!.body;
  }

  it.each(['mcp', 'sse'] as const)('%s: a null for an optional field sends what a call leaving it out sends (the two forms hosts use), defaults applied', async (lane) => {
    const nulls = { customer: 'c-1', limit: null, status: null, shipping: { city: 'Oslo', zip: null }, tags: [{ name: 'a', colour: null }] };
    const without = { customer: 'c-1', shipping: { city: 'Oslo' }, tags: [{ name: 'a' }] };
    expect(await sent(lane, 'search_orders', nulls)).toEqual({ customer: 'c-1', limit: 20, shipping: { city: 'Oslo' }, tags: [{ name: 'a' }] });
    expect(await sent(lane, 'search_orders', nulls)).toEqual(await sent(lane, 'search_orders', without));
    expect(await sent(lane, 'raw_search', { customer: 'c-1', limit: null })).toEqual(await sent(lane, 'raw_search', { customer: 'c-1' }));
  });

  it.each(['mcp', 'sse'] as const)('%s: a null where the field is required is refused, naming the field, and nothing is sent', async (lane) => {
    expect(await sent(lane, 'search_orders', { customer: null, limit: null })).toEqual({ error: expect.stringMatching(/^The arguments for search_orders are not valid: .*customer/) });
    expect(await sent(lane, 'raw_search', { customer: null })).toEqual({ error: expect.stringContaining('customer') });
  });

  it.each(['mcp', 'sse'] as const)('%s: another mistake beside a null is named alone', async (lane) => {
    const answer = (await sent(lane, 'search_orders', { customer: 'c-1', limit: 0, status: null })) as { error: string };
    expect(answer.error).toContain('limit');
    expect(answer.error).not.toContain('status');
  });

  it('a nullable optional field: its null is a value in the default mode, "not given" in strict mode (listed nullable like every optional field)', async () => {
    expect(await sent('mcp', 'search_orders', { customer: 'c-1', note: null })).toEqual(mode === 'strict' ? { customer: 'c-1', limit: 20 } : { customer: 'c-1', limit: 20, note: null });
  });
});
