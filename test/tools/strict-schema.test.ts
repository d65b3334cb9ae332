// TOOL_SCHEMAS=strict (src/tools/strict-schema.ts): input schemas listed in OpenAI's strict form (every
// property required, optional ones nullable, additionalProperties false, only the keywords strict mode
// takes), a null for an optional field sent on as "not given", and a tool strict mode cannot describe
// listed as before with a warning.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { loadConfig } from '../../src/config';
import { defineTool } from '../../src/tools/define-tool';
import { omitNulls } from '../../src/tools/null-arguments';
import { NotStrict, strictSchema } from '../../src/tools/strict-schema';
import { startFakeApi, startToolServer, type FakeApi, type FakeRequest, type TestServer } from '../../src/tools/testing';
import { breaches } from '../support/strict-rules';

type Json = Record<string, unknown>;

const search = defineTool({
  name: 'search_orders',
  description: 'Searches orders.',
  input: {
    customer: z.string().min(3).describe('The customer id.'),
    status: z.enum(['open', 'paid']).optional().describe('Only orders in this status.'),
    email: z.email().optional(),
    website: z.url().optional(),
    limit: z.number().int().min(1).max(100).default(20).describe('How many.'),
    tags: z.array(z.string().max(20)).max(5).optional(),
    shipping: z.object({ city: z.string(), zip: z.string().optional() }).optional(),
  },
  annotations: { readOnlyHint: true },
  handler: async (input, ctx) => JSON.stringify(await ctx.api.post('/orders/search', input)),
});
const labelled = defineTool({
  name: 'set_labels',
  description: 'Sets free-form labels.',
  input: { labels: z.record(z.string(), z.string()) },
  handler: () => 'ok',
});

describe('strictSchema', () => {
  it('lists every property as required, the optional ones nullable, additionalProperties false at every depth, only supported keywords', () => {
    const strict = strictSchema(search.descriptor.inputSchema);
    expect(breaches(strict)).toEqual([]);
    expect(strict.required).toEqual(['customer', 'status', 'email', 'website', 'limit', 'tags', 'shipping']);
    const properties = strict.properties as Json;
    expect(properties.customer).toEqual({ type: 'string', description: 'The customer id.' });
    expect(properties.status).toEqual({ description: 'Only orders in this status.', anyOf: [{ type: 'string', enum: ['open', 'paid'] }, { type: 'null' }] });
    expect(properties.email).toMatchObject({ anyOf: [{ type: 'string', format: 'email' }, { type: 'null' }] });
    expect((properties.website as { anyOf: Json[] }).anyOf[0]).not.toHaveProperty('format');
    expect(properties.limit).toEqual({ description: 'How many.', anyOf: [{ type: 'integer', minimum: 1, maximum: 100 }, { type: 'null' }] });
    expect(properties.shipping).toMatchObject({
      anyOf: [{ type: 'object', properties: { city: { type: 'string' }, zip: { anyOf: [{ type: 'string' }, { type: 'null' }] } }, required: ['city', 'zip'], additionalProperties: false }, { type: 'null' }],
    });
  });

  it('a tool with no input is an empty strict object; a map or a value of any type cannot be strict', () => {
    const none = defineTool({ name: 'ping', description: 'Pings.', input: {}, handler: () => 'pong' });
    expect(strictSchema(none.descriptor.inputSchema)).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
    expect(() => strictSchema(labelled.descriptor.inputSchema)).toThrow(new NotStrict('labels is an object with keys of its own choosing'));
    expect(() => strictSchema({ type: 'object', properties: { anything: {} } })).toThrow(new NotStrict('anything takes any value'));
    expect(() => strictSchema({ type: 'object', properties: { both: { allOf: [{ type: 'string' }] } } })).toThrow(new NotStrict('both uses allOf'));
  });

  it('omitNulls leaves out the nulls of fields the ordinary schema does not require, at any depth, and keeps the rest', () => {
    const args = { customer: 'c-123', status: null, limit: null, tags: null, shipping: { city: 'Oslo', zip: null } };
    expect(omitNulls(search.descriptor.inputSchema, args)).toEqual({ customer: 'c-123', shipping: { city: 'Oslo' } });
    expect(omitNulls(search.descriptor.inputSchema, { customer: null })).toEqual({ customer: null });
  });
});

describe('TOOL_SCHEMAS=strict through a tool server', () => {
  let api: FakeApi;
  let server: TestServer;
  let client: Client;
  const received: FakeRequest[] = [];
  beforeAll(async () => {
    api = await startFakeApi({
      'POST /orders/search': (request) => {
        received.push(request);
        return { body: { orders: [] } };
      },
    });
    server = await startToolServer({ tools: [search, labelled], apiUrl: api.url, env: { TOOL_SCHEMAS: 'strict' } });
    client = new Client({ name: 'strict-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  });
  afterAll(async () => {
    await client?.close();
    await server?.close();
    await api?.close();
  });

  it('is portable by default and strict when asked', () => {
    const base = { NODE_ENV: 'test', CUSTOMER_API_URL: 'http://127.0.0.1:1' };
    expect(loadConfig(base).toolSchemas).toBe('portable');
    expect(loadConfig({ ...base, TOOL_SCHEMAS: 'strict' }).toolSchemas).toBe('strict');
  });

  it('lists strict schemas, and a tool strict mode cannot describe as before, with a warning naming why', async () => {
    const { tools } = await client.listTools();
    expect(breaches(tools.find((tool) => tool.name === 'search_orders')!.inputSchema)).toEqual([]);
    expect(tools.find((tool) => tool.name === 'set_labels')!.inputSchema).toEqual(labelled.descriptor.inputSchema);
    expect(server.logs().find((line) => line.tool === 'set_labels' && line.level === 40)).toMatchObject({ msg: expect.stringContaining('labels is an object with keys of its own choosing') });
  });

  it('takes a null for an optional field as not given: the default applies and nothing is sent for it', async () => {
    const result = await client.callTool({ name: 'search_orders', arguments: { customer: 'c-123', status: null, email: null, website: null, limit: null, tags: null, shipping: { city: 'Oslo', zip: null } } });
    expect(result.isError).toBeFalsy();
    expect(received.at(-1)!.body).toEqual({ customer: 'c-123', limit: 20, shipping: { city: 'Oslo' } });
  });

  it('still refuses a null where the field is required, naming it', async () => {
    const result = await client.callTool({ name: 'search_orders', arguments: { customer: null } });
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringContaining('customer') }] });
  });
});
