// prompts/list, prompts/get and completion/complete on /mcp in both eras: the
// listing, messages with text, images and embedded resources, the caller's credentials reaching the API
// from `get` and from a completer, completion capped at 100, and the errors a client gets.
import { z } from 'zod';
import { completable, definePrompt, MAX_COMPLETIONS } from '../../src/prompts';
import { defineResourceTemplate } from '../../src/resources';
import { defineTool } from '../../src/tools';
import { post2025, post2026 } from '../support/mcp-post';
import { startSurfaceServer, type SurfaceServer } from '../support/surface-server';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const NAMES = Array.from({ length: 150 }, (_, i) => `customer-${String(i).padStart(3, '0')}`);

const review = definePrompt({
  name: 'review_item',
  title: 'Review an item',
  description: 'Asks the assistant to review one item.',
  arguments: {
    item: completable(z.string().describe('The item id'), async (value, ctx) => {
      const { id } = (await ctx.api.get(`/items/${encodeURIComponent(`complete-${value}`)}`)) as { id: string };
      return [id, ...NAMES.filter((name) => name.startsWith(value))];
    }),
    tone: z.string().describe('How to say it').optional(),
  },
  get: async ({ item, tone }, ctx) => {
    const { id } = (await ctx.api.get(`/items/${encodeURIComponent(item)}`)) as { id: string };
    return {
      description: 'A review',
      messages: [
        { role: 'user', content: { type: 'text', text: `Review ${id}${tone ? ` (${tone})` : ''}.` } },
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'resource', resource: { uri: `items://${id}`, mimeType: 'text/plain', text: `Item ${id}` } } },
      ],
    };
  },
});
const hello = definePrompt({ name: 'hello', description: 'Says hello.', get: () => 'Hello.' });
const byStatus = defineResourceTemplate({
  uriTemplate: 'items://status/{status}',
  name: 'items-by-status',
  read: ({ status }) => status ?? '',
  complete: { status: (value) => ['open', 'closed', 'on-hold'].filter((status) => status.startsWith(value)) },
});
const echo = defineTool({ name: 'echo', description: 'Echoes.', input: { text: z.string().describe('Text') }, handler: ({ text }) => text });

let server: SurfaceServer;
beforeAll(async () => {
  server = await startSurfaceServer({ tools: [echo], prompts: [review, hello], resourceTemplates: [byStatus] });
});
afterAll(() => server.close());

const CREDENTIALS = { authorization: 'Bearer user-token-1' };

describe('prompts/list', () => {
  const expected = [
    {
      name: 'review_item',
      title: 'Review an item',
      description: 'Asks the assistant to review one item.',
      arguments: [
        { name: 'item', description: 'The item id', required: true },
        { name: 'tone', description: 'How to say it', required: false },
      ],
    },
    { name: 'hello', description: 'Says hello.' },
  ];

  it('lists every prompt with its arguments (2025)', async () => {
    expect((await post2025(server.url, 'prompts/list')).json.result).toEqual({ prompts: expected });
  });

  it('lists them with the cache hint and stamp (2026-07-28)', async () => {
    const { status, json } = await post2026(server.url, 'prompts/list');
    expect(status).toBe(200);
    expect(json.result).toMatchObject({ prompts: expected, resultType: 'complete', ttlMs: 300_000 });
  });

  it('declares prompts and completions in initialize and server/discover', async () => {
    const init = await post2025(server.url, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } });
    expect(init.json.result?.capabilities).toMatchObject({ prompts: { listChanged: false }, completions: {}, logging: {} });
    const discover = await post2026(server.url, 'server/discover');
    expect(discover.json.result?.capabilities).toMatchObject({ prompts: { listChanged: false }, completions: {} });
  });
});

describe('prompts/get', () => {
  it("renders the messages, calling the API with this request's credentials (2025)", async () => {
    const { json } = await post2025(server.url, 'prompts/get', { name: 'review_item', arguments: { item: 'A-1', tone: 'kind' } }, CREDENTIALS);
    expect(json.result).toEqual({
      description: 'A review',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Review A-1 (kind).' } },
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        { role: 'user', content: { type: 'resource', resource: { uri: 'items://A-1', mimeType: 'text/plain', text: 'Item A-1' } } },
      ],
    });
    expect((await server.api.seen('/items/A-1')).headers.authorization).toBe('Bearer user-token-1');
  });

  it('renders on 2026-07-28 with the Mcp-Name header', async () => {
    const { status, json } = await post2026(server.url, 'prompts/get', { name: 'hello' });
    expect(status).toBe(200);
    expect(json.result).toMatchObject({ messages: [{ role: 'user', content: { type: 'text', text: 'Hello.' } }], resultType: 'complete' });
  });

  it('refuses a 2026-07-28 prompts/get whose Mcp-Name header names another prompt', async () => {
    const { status, json } = await post2026(server.url, 'prompts/get', { name: 'hello' }, { headers: { 'mcp-name': 'review_item' } });
    expect([status, json.error?.code]).toEqual([400, -32020]);
  });

  it('repeats an unknown prompt or resource name with its control and bidirectional characters escaped', async () => {
    const prompt = await post2025(server.url, 'prompts/get', { name: 'no\u202epe\u2066' });
    expect(prompt.json.error).toEqual({ code: -32602, message: 'Unknown prompt: no\\u202epe\\u2066' });
    const resource = await post2025(server.url, 'resources/read', { uri: 'items://x\u202e\u001b[2J' });
    expect(resource.json.error?.message).toBe('Resource not found: items://x\\u202e\\u001b[2J');
    expect(resource.text).not.toMatch(/\u202e/);
  });

  it('answers an unknown prompt and missing or non-string arguments with -32602 naming them', async () => {
    expect((await post2025(server.url, 'prompts/get', { name: 'nope' })).json.error).toEqual({ code: -32602, message: 'Unknown prompt: nope' });
    const missing = await post2025(server.url, 'prompts/get', { name: 'review_item', arguments: {} });
    expect(missing.json.error?.code).toBe(-32602);
    expect(missing.json.error?.message).toMatch(/^The arguments for prompt review_item are not valid: item: /);
    const wrongType = await post2025(server.url, 'prompts/get', { name: 'review_item', arguments: { item: 3 } });
    expect(wrongType.json.error).toEqual({ code: -32602, message: 'params.arguments.item must be a string' });
  });
});

describe('completion/complete', () => {
  it("completes a prompt argument through ctx.api with the caller's credentials, capped at 100 with total and hasMore", async () => {
    const { json } = await post2025(
      server.url,
      'completion/complete',
      { ref: { type: 'ref/prompt', name: 'review_item' }, argument: { name: 'item', value: 'customer-' } },
      CREDENTIALS,
    );
    const completion = json.result?.completion as { values: string[]; total: number; hasMore: boolean };
    expect(completion.values).toHaveLength(MAX_COMPLETIONS);
    expect(completion.values[0]).toBe('complete-customer-');
    expect(completion).toMatchObject({ total: 151, hasMore: true });
    expect((await server.api.seen('/items/complete-customer-')).headers.authorization).toBe('Bearer user-token-1');
  });

  it('completes a resource-template variable (2026-07-28)', async () => {
    const { json } = await post2026(server.url, 'completion/complete', { ref: { type: 'ref/resource', uri: 'items://status/{status}' }, argument: { name: 'status', value: 'o' } });
    expect(json.result).toMatchObject({ completion: { values: ['open', 'on-hold'], total: 2, hasMore: false }, resultType: 'complete' });
  });

  it('answers an argument without a completer with no values, and an unknown prompt with -32602', async () => {
    const none = await post2025(server.url, 'completion/complete', { ref: { type: 'ref/prompt', name: 'review_item' }, argument: { name: 'tone', value: 'k' } });
    expect(none.json.result).toEqual({ completion: { values: [], hasMore: false } });
    const unknown = await post2025(server.url, 'completion/complete', { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'x', value: '' } });
    expect(unknown.json.error).toEqual({ code: -32602, message: 'Unknown prompt: nope' });
    const malformed = await post2025(server.url, 'completion/complete', { ref: { type: 'ref/other' }, argument: { name: 'x', value: '' } });
    expect(malformed.json.error?.code).toBe(-32602);
  });
});

describe('definePrompt', () => {
  it('refuses a bad name or an empty description', () => {
    expect(() => definePrompt({ name: 'has space', description: 'x', get: () => '' })).toThrow('must be 1-64 letters');
    expect(() => definePrompt({ name: 'ok', description: ' ', get: () => '' })).toThrow('needs a description');
  });
});
