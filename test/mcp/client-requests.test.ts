// ctx.log, ctx.elicit and ctx.sample on 2025-era /mcp: log messages on the
// POST's event stream at the client's level, redacted like the server's log; a question to the user on
// that stream whose answer, a new POST, reaches the call; answers with an unknown, answered or foreign id
// refused; `unsupported` where the client cannot be asked; nothing of an answer in the server's log.
import { z } from 'zod';
import { defineTool, errorResult } from '../../src/tools';
import { MODERN } from '../support/mcp-post';
import { postAnswer, postStreaming, type Message } from '../support/mcp-stream';
import { startSurfaceServer, type SurfaceServer } from '../support/surface-server';

const logs = defineTool({
  name: 'logs',
  description: 'Logs at three levels.',
  input: {},
  handler: (_input, ctx) => {
    ctx.log('debug', 'debug line');
    ctx.log('info', { step: 'reading', headers: { authorization: 'Bearer secret-token', accept: 'text/plain' } });
    ctx.log('warning', 'warning line');
    ctx.log.info('server-only line');
    return 'logged';
  },
});

const asks = defineTool({
  name: 'asks',
  description: 'Asks the user for a colour.',
  input: {},
  handler: async (_input, ctx) => {
    const answer = await ctx.elicit({ message: 'Which colour?', schema: { type: 'object', properties: { colour: { type: 'string', enum: ['red', 'blue'] } }, required: ['colour'] } });
    if (answer.action === 'unsupported') return errorResult(`I could not ask: which colour? (${answer.reason})`);
    return answer.action === 'accept' ? `colour=${String(answer.content.colour)}` : `action=${answer.action}`;
  },
});

const signs = defineTool({
  name: 'signs',
  description: 'Sends the user to a page to finish a flow.',
  input: {},
  handler: async (_input, ctx) => {
    const answer = await ctx.elicit({ mode: 'url', message: 'Confirm the payment in your bank', url: 'https://bank.example/confirm/42', elicitationId: 'pay-42' });
    return `action=${answer.action}`;
  },
});

const samples = defineTool({
  name: 'samples',
  description: "Asks the client's model.",
  input: { prompt: z.string().describe('Prompt') },
  handler: async ({ prompt }, ctx) => {
    const answer = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 50 });
    return answer.action === 'sampled' ? `model ${answer.model} said ${String(answer.content.text)}` : `no sampling: ${answer.reason}`;
  },
});

let server: SurfaceServer;
beforeAll(async () => {
  server = await startSurfaceServer({ tools: [logs, asks, samples, signs] });
});
afterAll(() => server.close());

const ALICE = { authorization: 'Bearer alice-token' };
const BOB = { authorization: 'Bearer bob-token' };
const call = (id: number, name: string, args: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const messagesOf = (all: Message[]) => all.filter((message) => message.method === 'notifications/message').map((message) => message.params);

describe('ctx.log on 2025-era /mcp', () => {
  it('sends info and above by default, on the POST stream before the result, with headers redacted', async () => {
    const stream = await postStreaming(server.url, call(1, 'logs'), { authorization: 'Bearer carol-token' });
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    const all = await stream.rest();
    expect(messagesOf(all)).toEqual([
      { level: 'info', logger: 'logs', data: { step: 'reading', headers: { authorization: '[redacted]', accept: 'text/plain' } } },
      { level: 'warning', logger: 'logs', data: 'warning line' },
    ]);
    expect(all.at(-1)?.result).toEqual({ content: [{ type: 'text', text: 'logged' }] });
    expect(server.logText()).not.toContain('secret-token');
    expect(server.logText()).toContain('server-only line');
  });

  it('honours logging/setLevel for the caller that set it', async () => {
    const set = await postStreaming(server.url, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'warning' } }, ALICE);
    expect((await set.rest()).at(-1)?.result).toEqual({});
    expect(messagesOf(await (await postStreaming(server.url, call(3, 'logs'), ALICE)).rest()).map((m) => m?.level)).toEqual(['warning']);
    await (await postStreaming(server.url, { jsonrpc: '2.0', id: 4, method: 'logging/setLevel', params: { level: 'debug' } }, BOB)).rest();
    expect(messagesOf(await (await postStreaming(server.url, call(5, 'logs'), BOB)).rest()).map((m) => m?.level)).toEqual(['debug', 'info', 'warning']);
  });

  it('refuses an unknown level with -32602', async () => {
    const all = await (await postStreaming(server.url, { jsonrpc: '2.0', id: 6, method: 'logging/setLevel', params: { level: 'loud' } })).rest();
    expect(all.at(-1)?.error?.code).toBe(-32602);
  });

  it('sends nothing to a client that accepts only JSON: one JSON answer', async () => {
    const stream = await postStreaming(server.url, call(7, 'logs'), { accept: 'application/json' });
    expect(stream.contentType).toMatch(/^application\/json/);
    expect(await stream.rest()).toEqual([{ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'logged' }] } }]);
  });
});

describe('ctx.log on 2026-07-28', () => {
  const modern = (id: number, level?: string) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'logs',
      arguments: {},
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
        ...(level ? { 'io.modelcontextprotocol/logLevel': level } : {}),
      },
    },
  });
  const headers = { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'logs' };

  it("uses the request's own level", async () => {
    expect(messagesOf(await (await postStreaming(server.url, modern(8, 'info'), headers)).rest()).map((m) => m?.level)).toEqual(['info', 'warning']);
  });

  it('sends none when the request names no level', async () => {
    const all = await (await postStreaming(server.url, modern(9), headers)).rest();
    expect(messagesOf(all)).toEqual([]);
    expect(all.at(-1)?.result).toMatchObject({ content: [{ type: 'text', text: 'logged' }], resultType: 'complete' });
  });
});

describe('ctx.elicit on 2025-era /mcp', () => {
  it("asks on the POST's stream; the answer, a new POST by the same caller, reaches the call", async () => {
    const stream = await postStreaming(server.url, call(10, 'asks'), ALICE);
    const question = await stream.next();
    expect(question).toMatchObject({
      method: 'elicitation/create',
      params: { message: 'Which colour?', requestedSchema: { type: 'object', properties: { colour: { type: 'string', enum: ['red', 'blue'] } }, required: ['colour'] } },
    });
    expect(String(question.id)).toMatch(/^srv-/);
    // Another caller cannot answer it, nor can anyone answer an id this server never issued.
    expect((await postAnswer(server.url, { jsonrpc: '2.0', id: question.id, result: { action: 'accept', content: { colour: 'blue' } } }, BOB)).status).toBe(404);
    expect((await postAnswer(server.url, { jsonrpc: '2.0', id: 'srv-made-up', result: { action: 'accept', content: {} } }, ALICE)).status).toBe(404);
    const taken = await postAnswer(server.url, { jsonrpc: '2.0', id: question.id, result: { action: 'accept', content: { colour: 'red' } } }, ALICE);
    expect(taken.status).toBe(202);
    const all = await stream.rest();
    expect(all.at(-1)?.result).toEqual({ content: [{ type: 'text', text: 'colour=red' }] });
    // Answered once: a replay is refused.
    expect((await postAnswer(server.url, { jsonrpc: '2.0', id: question.id, result: { action: 'accept', content: { colour: 'red' } } }, ALICE)).status).toBe(404);
    expect(server.logText()).not.toContain('"red"');
    expect(server.logText()).not.toContain('colour=red');
  });

  it('gives the tool `unsupported` when the client answers that it cannot elicit (-32601)', async () => {
    const stream = await postStreaming(server.url, call(11, 'asks'), ALICE);
    const question = await stream.next();
    await postAnswer(server.url, { jsonrpc: '2.0', id: question.id, error: { code: -32601, message: 'Method not found' } }, ALICE);
    const result = (await stream.rest()).at(-1)?.result;
    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/^I could not ask: which colour\?/) }] });
  });

  it('gives the tool `unsupported`, without a request, to a client that accepts only JSON', async () => {
    const all = await (await postStreaming(server.url, call(12, 'asks'), { accept: 'application/json' })).rest();
    expect(all).toHaveLength(1);
    expect(all[0]?.result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'I could not ask: which colour? (this client cannot be asked questions)' }] });
  });

  it('ends the wait when the client leaves: the pending request is gone', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...ALICE },
      body: JSON.stringify(call(13, 'asks')),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const id = /"id":"(srv-[^"]+)"/.exec(first)?.[1];
    expect(id).toBeDefined();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    // Once the server has seen the connection close, the call is over and its question gone: a late answer finds nothing.
    while (server.server.inFlight.size > 0) await new Promise((resolve) => setImmediate(resolve));
    const { status } = await postAnswer(server.url, { jsonrpc: '2.0', id, result: { action: 'accept', content: { colour: 'red' } } }, ALICE);
    expect(status).toBe(404);
  });
});

describe('ctx.elicit in URL mode', () => {
  it('sends the URL, the message and the elicitation id; the answer says whether the user went', async () => {
    const stream = await postStreaming(server.url, call(15, 'signs'), ALICE);
    const question = await stream.next();
    expect(question).toMatchObject({ method: 'elicitation/create', params: { mode: 'url', message: 'Confirm the payment in your bank', url: 'https://bank.example/confirm/42', elicitationId: 'pay-42' } });
    await postAnswer(server.url, { jsonrpc: '2.0', id: question.id, result: { action: 'accept' } }, ALICE);
    expect((await stream.rest()).at(-1)?.result).toEqual({ content: [{ type: 'text', text: 'action=accept' }] });
  });
});

describe('ctx.sample on 2025-era /mcp', () => {
  it("asks the client's model and gets its message", async () => {
    const stream = await postStreaming(server.url, call(14, 'samples', { prompt: 'Say hi' }), ALICE);
    const request = await stream.next();
    expect(request).toMatchObject({ method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 50 } });
    await postAnswer(server.url, { jsonrpc: '2.0', id: request.id, result: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'test-model' } }, ALICE);
    expect((await stream.rest()).at(-1)?.result).toEqual({ content: [{ type: 'text', text: 'model test-model said hi' }] });
  });
});
