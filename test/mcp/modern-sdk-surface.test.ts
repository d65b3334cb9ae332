// The SDK v2 client pinned to 2026-07-28 against the conformance fixture: prompts,
// completion, resources, and tools that elicit and sample, fulfilled by the client's own multi-round-trip
// driver (input_required, then a retry with inputResponses and requestState). Also the 2025 era with the
// same client, whose answers come back as new POSTs. And the server's side of requestState: tampered,
// replayed or foreign states are refused.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer, type ToolServer } from '../../src/server';
import { prompts, resources, resourceTemplates, tools } from '../conformance/fixtures';
import { MODERN } from '../support/mcp-post';

let server: ToolServer;
let url: string;
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CUSTOMER_API_URL: 'http://127.0.0.1:9' });
  server = createToolServer({ config, customerApiUrl: 'http://127.0.0.1:9', logger: createLogger({ level: 'silent' }), tools, resources, resourceTemplates, prompts, info: { name: 'fixture', version: '0' } });
  url = await server.listen(0, '127.0.0.1');
});
afterAll(() => server.shutdown());

const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connect(mode: { pin: string } | { mode?: undefined } , capabilities: Record<string, object> = { elicitation: { form: {} }, sampling: {} }) {
  const client = new Client({ name: 'surface-test', version: '1.0.0' }, { capabilities, ...('pin' in mode ? { versionNegotiation: { mode: mode as { pin: string } } } : {}) } as never);
  const elicited: unknown[] = [];
  if ('elicitation' in capabilities) {
    client.setRequestHandler('elicitation/create', async (request) => {
      elicited.push(request.params);
      return { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };
    });
  }
  if ('sampling' in capabilities) {
    client.setRequestHandler('sampling/createMessage', async () => ({ model: 'test-model', role: 'assistant', content: { type: 'text', text: 'sampled text' } }));
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: 'Bearer someone' } } }));
  clients.push(client);
  return { client, elicited };
}

const textOf = (result: { content?: unknown }) => (result.content as Array<{ type: string; text?: string }>).map((item) => item.text ?? '').join('');

describe.each([
  ['pinned to 2026-07-28', { pin: MODERN }],
  ['2025 era (initialize)', {}],
])('the SDK v2 client, %s', (_name, mode) => {
  it('lists and gets prompts, with arguments, images and embedded resources', async () => {
    const { client } = await connect(mode);
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['test_simple_prompt', 'test_prompt_with_arguments', 'test_prompt_with_embedded_resource', 'test_prompt_with_image']);
    expect(JSON.stringify((await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'a', arg2: 'b' } })).messages)).toContain("arg1='a', arg2='b'");
    expect((await client.getPrompt({ name: 'test_prompt_with_image' })).messages[0]?.content.type).toBe('image');
    expect((await client.getPrompt({ name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://x' } })).messages[0]?.content.type).toBe('resource');
  });

  it('completes a prompt argument and a template variable', async () => {
    const { client } = await connect(mode);
    expect((await client.complete({ ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'par' } })).completion).toMatchObject({ values: ['paris', 'park', 'party'], hasMore: false });
    expect((await client.complete({ ref: { type: 'ref/resource', uri: 'test://template/{id}/data' }, argument: { name: 'id', value: '4' } })).completion.values).toEqual(['456']);
  });

  it('reads text, binary and templated resources', async () => {
    const { client } = await connect(mode);
    expect((await client.readResource({ uri: 'test://static-text' })).contents[0]).toMatchObject({ text: 'This is the content of the static text resource.' });
    expect((await client.readResource({ uri: 'test://static-binary' })).contents[0]).toHaveProperty('blob');
    expect((await client.readResource({ uri: 'test://template/7/data' })).contents[0]).toMatchObject({ text: '{"id":"7","templateTest":true,"data":"Data for ID: 7"}' });
  });

  it("fulfils a tool's question through the client's handler", async () => {
    const { client, elicited } = await connect(mode);
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who are you?' } });
    expect(textOf(result)).toBe('User response: action=accept, content={"username":"ada","email":"ada@example.com"}');
    expect(elicited).toHaveLength(1);
    expect(elicited[0]).toMatchObject({ message: 'Who are you?', requestedSchema: { required: ['username', 'email'] } });
  });

  it("fulfils a tool's sampling request through the client's handler", async () => {
    const { client } = await connect(mode);
    expect(textOf(await client.callTool({ name: 'test_sampling', arguments: { prompt: 'hi' } }))).toBe('LLM response: sampled text');
  });
});

describe('2026-07-28 without the capability', () => {
  it('gives the tool `unsupported`: no input_required, its fallback as the result', async () => {
    const { client } = await connect({ pin: MODERN }, {});
    const result = await client.callTool({ name: 'test_elicitation', arguments: { message: 'Who?' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Elicitation is not available: /);
  });
});

describe('requestState', () => {
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'test_elicitation' };
  const meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
    'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  };
  async function callWith(extra: Record<string, unknown>, args: Record<string, unknown> = { message: 'Who?' }, authorization = 'Bearer one') {
    const response = await fetch(`${url}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'test_elicitation', arguments: args, _meta: meta, ...extra } }),
    });
    return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
  }
  const answer = { q1: { action: 'accept', content: { username: 'u', email: 'e' } } };

  it('asks with input_required and resumes with the state and the answer', async () => {
    const first = await callWith({});
    expect(first.result).toMatchObject({ resultType: 'input_required', inputRequests: { q1: { method: 'elicitation/create', params: { message: 'Who?' } } } });
    const second = await callWith({ requestState: first.result?.requestState, inputResponses: answer });
    expect(second.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'User response: action=accept, content={"username":"u","email":"e"}' }] });
  });

  it.each([
    ['altered', (state: string) => ({ requestState: `${state.slice(0, -4)}AAAA` }), undefined, undefined, 'not issued by this server or was altered'],
    ['for other arguments', (state: string) => ({ requestState: state }), { message: 'Other?' }, undefined, 'another tool or other arguments'],
    ['for another caller', (state: string) => ({ requestState: state }), undefined, 'Bearer two', 'another caller'],
  ])('refuses a state %s with -32602', async (_what, extra, args, authorization, reason) => {
    const first = await callWith({});
    const refused = await callWith({ ...extra(first.result?.requestState as string), inputResponses: answer }, args, authorization);
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toContain(reason);
  });

  it('refuses a replayed state', async () => {
    const first = await callWith({});
    await callWith({ requestState: first.result?.requestState, inputResponses: answer });
    const replay = await callWith({ requestState: first.result?.requestState, inputResponses: answer });
    expect(replay.error?.message).toContain('used already');
  });
});
