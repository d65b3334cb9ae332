// The hub's lane does not change with the surface /mcp gained: a server with prompts, completers and tools that
// log and ask answers initialize, tools/list and resources/* on GET /sse + POST /messages byte for byte as
// the same server without them, prompts/* and completion/* do not exist there, and a tool that asks the
// user gets `unsupported` (no request on the hub's stream) and answers with its question in the text.
import { z } from 'zod';
import { completable, definePrompt } from '../../src/prompts';
import { defineResource, defineResourceTemplate } from '../../src/resources';
import { defineTool } from '../../src/tools';
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { startSurfaceServer, type SurfaceServer } from '../support/surface-server';

const asks = defineTool({
  name: 'asks',
  description: 'Asks which organisation.',
  input: {},
  handler: async (_input, ctx) => {
    ctx.log('info', 'about to ask');
    const answer = await ctx.elicit({ message: 'Which organisation?', schema: { type: 'object', properties: { org: { type: 'string' } } } });
    return answer.action === 'unsupported' ? 'Which organisation should I use: Acme or Globex?' : `org=${String((answer as { content?: { org?: string } }).content?.org)}`;
  },
});
const doc = defineResource({ uri: 'docs://a', name: 'a', mimeType: 'text/plain', read: () => 'A' });
const template = defineResourceTemplate({ uriTemplate: 'docs://t/{x}', name: 't', read: ({ x }) => x ?? '', complete: { x: () => ['one'] } });
const prompt = definePrompt({ name: 'p', description: 'A prompt.', arguments: { a: completable(z.string(), () => ['x']) }, get: () => 'p' });

let withSurface: SurfaceServer;
let without: SurfaceServer;
beforeAll(async () => {
  withSurface = await startSurfaceServer({ tools: [asks], prompts: [prompt], resources: [doc], resourceTemplates: [template] });
  without = await startSurfaceServer({ tools: [asks], resources: [doc], resourceTemplates: [template] });
});
afterAll(() => Promise.all([withSurface.close(), without.close()]));

const INITIALIZE = { protocolVersion: '2024-11-05', capabilities: { elicitation: {}, sampling: {} }, clientInfo: { name: 'hub', version: '1' } };

describe("the hub's lane", () => {
  it.each([
    ['initialize', INITIALIZE],
    ['tools/list', {}],
    ['resources/list', {}],
    ['resources/templates/list', {}],
    ['prompts/list', {}],
    ['completion/complete', { ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }],
    ['logging/setLevel', { level: 'debug' }],
    ['resources/subscribe', { uri: 'docs://a' }],
  ])('answers %s on the stream byte for byte as a server without prompts', async (method, params) => {
    const texts: string[] = [];
    for (const target of [withSurface, without]) {
      const client = await SseClient.open(target.url);
      try {
        await client.call(1, method, params);
        texts.push(client.events.filter((event) => event.event === 'message').map((event) => event.data).join('\n'));
      } finally {
        client.close();
      }
    }
    expect(texts[0]).toBe(texts[1]);
  });

  it('answers initialize with the capabilities it always had, and prompts/list with -32601', async () => {
    const init = await postDirect(withSurface.url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE });
    expect(init.text).toBe('{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2024-11-05","capabilities":{"tools":{"listChanged":false},"resources":{"listChanged":false}},"serverInfo":{"name":"surface-test","version":"0.0.0"}}}');
    const prompts = await postDirect(withSurface.url, { jsonrpc: '2.0', id: 2, method: 'prompts/list' });
    expect(prompts.json?.error).toEqual({ code: -32601, message: 'Method not found: prompts/list' });
  });

  it('sends a tool that asks nothing but its result: `unsupported`, the question in the text', async () => {
    const client = await SseClient.open(withSurface.url);
    try {
      const answer = await client.call(3, 'tools/call', callTool('asks'));
      expect(answer.result).toEqual({ content: [{ type: 'text', text: 'Which organisation should I use: Acme or Globex?' }] });
      expect(client.events.filter((event) => event.event === 'message').map((event) => (JSON.parse(event.data) as { method?: string }).method ?? 'answer')).toEqual(['answer']);
    } finally {
      client.close();
    }
  });

  // The Python SDK's default client discovers first, naming 2026-07-28: it then speaks that revision over
  // the stream. The hub sends no version and never asks: to it the method does not exist.
  it('answers server/discover to a request naming 2026-07-28, and -32601 to one naming none', async () => {
    const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'python', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    const client = await SseClient.open(without.url);
    try {
      const discovered = await client.call(1, 'server/discover', { _meta: META });
      expect(discovered.result).toMatchObject({ supportedVersions: ['2026-07-28'], capabilities: { tools: { listChanged: false } }, resultType: 'complete' });
      const modern = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'asks' };
      const called = await client.call(2, 'tools/call', { ...callTool('asks'), _meta: META }, modern);
      expect(called.result).toMatchObject({ content: [{ type: 'text', text: 'Which organisation should I use: Acme or Globex?' }], resultType: 'complete' });
      expect((await client.call(3, 'server/discover', {})).error).toEqual({ code: -32601, message: 'Method not found: server/discover' });
    } finally {
      client.close();
    }
  });
});
