// The caller's credentials in no answer: an API on loopback that echoes the Authorization, Cookie and
// API key it was sent, in a 2xx body (as parsed JSON, as the raw text, with `/` escaped as `\/` the way
// PHP writes JSON) and in a 4xx reason, called on the hub's lane and on /mcp. Whatever the status, the
// exact values never reach what the model reads: text, structuredContent or the API's quoted words.
import { createServer } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool } from '../../src/tools';
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LTQyIn0/abc+def.sig';
const COOKIE_VALUE = 'c0ffee-session-7f3a';
const API_KEY = 'key-9d1e-4b7c-secret';
const HEADERS = { authorization: `Bearer ${TOKEN}`, cookie: `sid=${COOKIE_VALUE}; lang=en`, 'x-api-key': API_KEY };
const COMPANY_KEY = 'company-key-5e2f9a0c7b';
const SECRETS = [TOKEN, COOKIE_VALUE, API_KEY, TOKEN.replaceAll('/', '\\/'), COMPANY_KEY];

let api: Listening;
let received: Record<string, unknown> = {};
let stack: Stack;

beforeAll(async () => {
  const server = createServer((req, res) => {
    received = req.headers;
    // A key a tool's security scheme put in the query is echoed too (as `key`), when there is one.
    const inQuery = new URL(req.url ?? '/', 'http://api').searchParams.get('key');
    const echoed = { auth: req.headers.authorization ?? '', cookie: req.headers.cookie ?? '', key: inQuery ?? String(req.headers['x-api-key'] ?? ''), note: 'ok' };
    // As PHP's json_encode writes it: every "/" escaped.
    const body = JSON.stringify(echoed).replaceAll('/', '\\/');
    res.writeHead(req.url?.startsWith('/refuse') ? 409 : 200, { 'content-type': 'application/json' }).end(
      req.url?.startsWith('/refuse') ? JSON.stringify({ message: `Conflict for ${echoed.auth} with key ${echoed.key}` }) : body,
    );
  });
  api = await listen(server, 0, '127.0.0.1');
  const output = { auth: z.string(), cookie: z.string(), key: z.string(), note: z.string() };
  const tools = [
    defineTool({ name: 'echo_text', description: 'The echo, as text.', input: {}, handler: async (_input, ctx) => JSON.stringify(await ctx.api.get('/echo')) }),
    defineTool({ name: 'echo_raw', description: 'The echo, as the API wrote it.', input: {}, handler: (_input, ctx) => ctx.api.get('/echo', { as: 'text' }) }),
    defineTool({ name: 'echo_structured', description: 'The echo, structured.', input: {}, output, handler: (_input, ctx) => ctx.api.get<{ auth: string; cookie: string; key: string; note: string }>('/echo') }),
    defineTool({ name: 'echo_structured_text', description: 'The echo, structured from its text.', input: {}, output, handler: (_input, ctx) => ctx.api.get('/echo', { as: 'text' }) }),
    defineTool({ name: 'echo_refused', description: 'A refusal that echoes.', input: {}, handler: async (_input, ctx) => JSON.stringify(await ctx.api.get('/refuse')) }),
    // The deployment's own key, put in the query by the tool's scheme (UPSTREAM_CREDENTIALS): no caller sent it, and no answer shows it either.
    defineTool({
      name: 'echo_placed_key',
      description: 'The echo of a key in the query.',
      input: {},
      credentials: [[{ scheme: 'company_key', type: 'apiKey', in: 'query', name: 'key' }]],
      handler: async (_input, ctx) => JSON.stringify(await ctx.api.get('/echo')),
    }),
  ];
  stack = await startStack({ tools, customerApiUrl: () => api.url, env: { UPSTREAM_CREDENTIALS: JSON.stringify({ company_key: COMPANY_KEY }) } });
});
afterAll(async () => {
  await stack?.close();
  await api?.close();
});

const TOOLS = ['echo_text', 'echo_raw', 'echo_structured', 'echo_structured_text', 'echo_refused', 'echo_placed_key'] as const;

function expectScrubbed(tool: string, result: unknown): void {
  const seen = JSON.stringify(result);
  expect([tool, SECRETS.filter((secret) => seen.includes(secret) || seen.includes(JSON.stringify(secret).slice(1, -1)))]).toEqual([tool, []]);
  expect([tool, seen.includes('[redacted]')]).toEqual([tool, true]);
}

describe("a tool result on the hub's lane", () => {
  it.each(TOOLS)('%s: no credential value the caller sent, answered in the POST', async (tool) => {
    const { json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(tool) }, HEADERS);
    expect(json?.result).toBeDefined();
    expectScrubbed(tool, json?.result);
  });

  it('echo_structured on a live session: the stream carries no credential value either, and the rest of the answer is whole', async () => {
    const sse = await SseClient.open(stack.url, HEADERS);
    try {
      const answer = await sse.call(7, 'tools/call', callTool('echo_structured'), HEADERS);
      expectScrubbed('echo_structured', answer.result);
      // 2024-11-05 has no structuredContent: the JSON is the text, every other field as the API sent it.
      expect(JSON.parse(answer.result?.content?.[0]?.text ?? '')).toEqual({ auth: 'Bearer [redacted]', cookie: 'sid=[redacted]; lang=en', key: '[redacted]', note: 'ok' });
    } finally {
      sse.close();
    }
  });
});

describe('a tool result on /mcp (MCP_AUTH=headers)', () => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'scrub-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), { requestInit: { headers: HEADERS } }));
  });
  afterAll(() => client?.close());

  it.each(TOOLS)('%s: no credential value the client sent', async (tool) => {
    expectScrubbed(tool, await client.callTool({ name: tool, arguments: {} }));
  });

  it('the API did receive the credentials: they are scrubbed from the answer, not kept from the API', async () => {
    const result = await client.callTool({ name: 'echo_structured', arguments: {} });
    expect(result.structuredContent).toEqual({ auth: 'Bearer [redacted]', cookie: 'sid=[redacted]; lang=en', key: '[redacted]', note: 'ok' });
    expect(result.isError).toBeFalsy();
    expect([received.authorization, received.cookie, received['x-api-key']]).toEqual([HEADERS.authorization, HEADERS.cookie, API_KEY]);
  });
});
