// A request whose id the server will not repeat (longer than MAX_ID_LENGTH, or not a
// string or number) is refused in the HTTP answer of POST /messages, on the session path and without one,
// and of POST /mcp in both eras (where it was once answered 200). A number past 2^53 - 1 is one: JSON.parse
// makes 123456789012345678901234567890 into 1.2345678901234568e+29, which an answer would repeat as another id.
import { ID_RULE, MAX_ID_LENGTH } from '../../src/mcp/core';
import { MODERN } from '../support/mcp-post';
import { postDirect, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const tooLong = 'i'.repeat(MAX_ID_LENGTH + 1);
const UNECHOED: Array<[string, unknown]> = [
  ['an id one character over the cap', tooLong],
  ['an id of 100,000 characters', 'i'.repeat(100_000)],
  ['an id that is an object', { nested: 1 }],
  ['an id that is null', null],
];

describe('POST /messages with an id the server will not echo', () => {
  it.each(UNECHOED)('on a session, %s is refused with 400 and a JSON-RPC error, and nothing reaches the stream', async (_what, id) => {
    const client = await SseClient.open(stack.url);
    try {
      const response = await client.post({ jsonrpc: '2.0', id, method: 'tools/list' });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: ID_RULE },
      });
      // The stream is ordered: once a later request's answer is there, an answer to the refused one would be too.
      await client.call(2, 'ping');
      const answers = client.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data) as { id: unknown });
      expect(answers.map((answer) => answer.id)).toEqual([2]);
    } finally {
      client.close();
    }
  });

  it.each(UNECHOED)('without a session, %s is refused with 400 and a JSON-RPC error', async (_what, id) => {
    const { status, json } = await postDirect(stack.url, { jsonrpc: '2.0', id, method: 'tools/list' });
    expect(status).toBe(400);
    expect(json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: ID_RULE } });
  });

  it('an id of exactly the cap is still accepted on a session and answered on the stream with its id', async () => {
    const client = await SseClient.open(stack.url);
    try {
      const id = 'i'.repeat(MAX_ID_LENGTH);
      const answer = await client.call(id, 'ping');
      expect(answer).toEqual({ jsonrpc: '2.0', id, result: {} });
    } finally {
      client.close();
    }
  });

  it('an invalid request with a usable id is still answered on the stream, with that id, after a 202', async () => {
    const client = await SseClient.open(stack.url);
    try {
      const response = await client.post({ jsonrpc: '1.0', id: 7, method: 'ping' });
      expect(response.status).toBe(202);
      expect((await client.answer(7)).error?.code).toBe(-32600);
    } finally {
      client.close();
    }
  });
});

describe('a numeric id past 2^53 - 1, sent as the client wrote it', () => {
  const HUGE = '123456789012345678901234567890';
  const refusal = { jsonrpc: '2.0', id: null, error: { code: -32600, message: ID_RULE } };
  const raw = (path: string, text: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: text });
  const envelope = `"_meta":{"io.modelcontextprotocol/protocolVersion":"${MODERN}","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}}`;

  it('the rule names the bound the id broke', () => {
    expect(ID_RULE).toContain('2^53 - 1');
  });

  it.each([
    ['POST /messages without a session', '/messages', `{"jsonrpc":"2.0","id":${HUGE},"method":"ping"}`, {}],
    ['POST /mcp, 2025 era', '/mcp', `{"jsonrpc":"2.0","id":${HUGE},"method":"ping"}`, {}],
    ['POST /mcp, 2025 era, negative', '/mcp', `{"jsonrpc":"2.0","id":-${HUGE},"method":"tools/list"}`, { 'mcp-protocol-version': '2025-11-25' }],
    ['POST /mcp, 2026-07-28', '/mcp', `{"jsonrpc":"2.0","id":${HUGE},"method":"tools/list","params":{${envelope}}}`, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' }],
  ])('%s is refused with 400, -32600 naming the id rule, id null (never 1.2345678901234568e+29)', async (_what, path, text, headers) => {
    const response = await raw(path, text, headers);
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).not.toContain('e+29');
    expect(JSON.parse(body)).toEqual(refusal);
  });

  it('on a session of POST /messages, it is refused in the answer (400) and nothing reaches the stream', async () => {
    const client = await SseClient.open(stack.url);
    try {
      const response = await raw(client.endpoint, `{"jsonrpc":"2.0","id":${HUGE},"method":"ping"}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(refusal);
      await client.call(2, 'ping');
      const answers = client.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data) as { id: unknown });
      expect(answers.map((answer) => answer.id)).toEqual([2]);
    } finally {
      client.close();
    }
  });

  it('2^53 - 1 itself is answered with its id, exactly, on both lanes', async () => {
    const text = `{"jsonrpc":"2.0","id":${Number.MAX_SAFE_INTEGER},"method":"ping"}`;
    for (const path of ['/messages', '/mcp']) {
      const response = await raw(path, text);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`"id":${Number.MAX_SAFE_INTEGER}`);
    }
  });
});

describe('POST /mcp with a string id longer than the cap', () => {
  const refusal = { jsonrpc: '2.0', id: null, error: { code: -32600, message: ID_RULE } };
  const envelope = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' } };
  const mcp = async (id: unknown, method: string, params: Record<string, unknown> | undefined, headers: Record<string, string>) => {
    const response = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) }),
    });
    return { status: response.status, type: response.headers.get('content-type'), json: (await response.json()) as unknown };
  };
  const CASES: Array<[string, string, Record<string, unknown> | undefined, Record<string, string>]> = [
    ['a 2025-era request without MCP-Protocol-Version', 'ping', undefined, {}],
    ['a 2025-era request naming 2025-06-18', 'tools/list', undefined, { 'mcp-protocol-version': '2025-06-18' }],
    ['a well-formed 2026-07-28 request', 'tools/list', { _meta: envelope }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' }],
    // Without its Mcp-Name header this one would be refused by a rung that repeats the id: the cap comes first.
    ['a 2026-07-28 tools/call missing Mcp-Name', 'tools/call', { name: 'whoami', arguments: {}, _meta: envelope }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call' }],
  ];

  it.each(CASES)('%s is refused with 400, id null, in JSON', async (_what, method, params, headers) => {
    for (const id of [tooLong, 'i'.repeat(100_000)]) {
      expect(await mcp(id, method, params, headers)).toEqual({ status: 400, type: expect.stringMatching(/^application\/json/), json: refusal });
    }
  });

  // POST /messages answers a fractional id with its id (test/mcp/every-request-answered.test.ts); /mcp
  // holds to MCP's rule (strings or integers), as the SDK's schema does.
  it('a fractional id is refused with 400 and -32600 in both eras', async () => {
    const legacy = await mcp(1.5, 'ping', undefined, {});
    const modern = await mcp(1.5, 'tools/list', { _meta: envelope }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' });
    for (const answer of [legacy, modern]) expect(answer).toMatchObject({ status: 400, json: { error: { code: -32600 } } });
  });

  it('an id of exactly the cap is answered with its id, in both eras', async () => {
    const id = 'i'.repeat(MAX_ID_LENGTH);
    expect(await mcp(id, 'ping', undefined, {})).toMatchObject({ status: 200, json: { id, result: {} } });
    expect(await mcp(id, 'tools/list', { _meta: envelope }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' })).toMatchObject({ status: 200, json: { id } });
  });
});
