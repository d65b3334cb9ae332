// Fixed values in the listed schemas (src/tools/portable-schema.ts): zod writes a literal as `const` and a
// union of literals as `anyOf` of them, which Gemini's schema subset refuses; they are listed as a plain
// type or an `enum`, through a real tool server, and the zod schema still checks every value.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool';
import { portableSchema } from '../../src/tools/portable-schema';
import { startFakeApi, startToolServer, type FakeApi, type FakeRequest, type TestServer } from '../../src/tools/testing';
import { refusedKeywords } from '../../scripts/openapi-host-check';

const flags = defineTool({
  name: 'set_flags',
  description: 'Sets a template version\'s flags.',
  input: {
    active: z.union([z.literal(0), z.literal(1)]).describe('1 is active.'),
    level: z.literal([1, 2, 3]).optional(),
    remove: z.union([z.literal(true), z.literal(false)]).optional(),
    confirm: z.literal(true).optional(),
    kind: z.literal('version').nullable().optional(),
    mixed: z.union([z.literal(1), z.literal('one')]).optional(),
  },
  handler: async (input, ctx) => JSON.stringify(await ctx.api.post('/flags', input)),
});

describe('portableSchema and fixed values', () => {
  it('lists literals and unions of them as a plain type or an enum, never const nor anyOf of consts', () => {
    const properties = flags.descriptor.inputSchema.properties as Record<string, unknown>;
    expect(refusedKeywords(flags.descriptor.inputSchema)).toEqual([]);
    expect(properties).toEqual({
      active: { description: '1 is active.', type: 'number', enum: [0, 1] },
      level: { type: 'number', enum: [1, 2, 3] },
      remove: { type: 'boolean' },
      confirm: { type: 'boolean', enum: [true] },
      kind: { anyOf: [{ type: 'string', enum: ['version'] }, { type: 'null' }] },
      mixed: { enum: [1, 'one'] },
    });
  });

  it('leaves a property named const, and a default or enum holding objects, as they are', () => {
    const schema = { type: 'object', properties: { const: { type: 'string', default: { const: 1 } }, choice: { enum: [{ const: 2 }] } } };
    expect(portableSchema(schema)).toEqual(schema);
    expect(refusedKeywords(schema)).toEqual([]);
    expect(refusedKeywords({ anyOf: [{ const: 1 }] })).toEqual(['/anyOf/0/const']);
  });
});

describe('fixed values through a tool server', () => {
  let api: FakeApi;
  let server: TestServer;
  let client: Client;
  const received: FakeRequest[] = [];
  beforeAll(async () => {
    api = await startFakeApi({
      'POST /flags': (request) => {
        received.push(request);
        return { body: { ok: true } };
      },
    });
    server = await startToolServer({ tools: [flags], apiUrl: api.url });
    client = new Client({ name: 'portable-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await api?.close();
  });

  it('lists the schema without const', async () => {
    const { tools } = await client.listTools();
    expect(refusedKeywords(tools[0]!.inputSchema)).toEqual([]);
  });

  it.each([
    [{ active: 1, level: 3, remove: false, confirm: true, kind: 'version', mixed: 'one' }],
    [{ active: 0, remove: true, kind: null, mixed: 1 }],
  ])('takes the listed values and sends them as given: %j', async (args) => {
    const result = await client.callTool({ name: 'set_flags', arguments: args });
    expect(result.isError).toBeFalsy();
    expect(received.at(-1)!.body).toEqual(args);
  });

  it.each([
    [{ active: 2 }, 'active'],
    [{ active: 1, confirm: false }, 'confirm'],
    [{ active: '1' }, 'active'],
  ])('refuses a value outside them, naming the field: %j', async (args, field) => {
    const before = received.length;
    const result = await client.callTool({ name: 'set_flags', arguments: args });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining(field) }] });
    expect(received).toHaveLength(before);
  });
});
