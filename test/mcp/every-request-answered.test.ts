import { postDirect, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** Requests the SDK's stricter schema used to drop without an answer; each must now get one, with its id. */
const ODD_REQUESTS: Array<[string, Record<string, unknown>, number | 'result']> = [
  ['an extra top-level key', { jsonrpc: '2.0', id: 1, method: 'tools/list', extra: true }, 'result'],
  ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, 'result'],
  // An id past 2^53 - 1 is refused instead, id null (test/mcp/unechoed-ids.test.ts): JSON readers disagree on its value.
  ['the largest exact integer id', { jsonrpc: '2.0', id: Number.MAX_SAFE_INTEGER, method: 'ping' }, 'result'],
  ['params: []', { jsonrpc: '2.0', id: 4, method: 'tools/list', params: [] }, -32602],
  ['params: "x"', { jsonrpc: '2.0', id: 5, method: 'tools/list', params: 'x' }, -32600],
  ['a non-object _meta', { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'whoami', _meta: 5 } }, -32602],
  ['an unknown method', { jsonrpc: '2.0', id: 7, method: 'resources/list' }, -32601],
  ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 8, method: 'ping' }, -32600],
  ['an empty method', { jsonrpc: '2.0', id: 9, method: '' }, -32600],
  ['initialize without a version', { jsonrpc: '2.0', id: 10, method: 'initialize', params: {} }, -32602],
  ['tools/call with a numeric name', { jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 5 } }, -32602],
];

const PROTO_KEYS = '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"whoami","arguments":{"__proto__":{"polluted":true}},"__proto__":{"x":1}}}';

describe('every request gets an answer', () => {
  it.each(ODD_REQUESTS)('direct POST with %s is answered in the body with its id', async (_what, message, expected) => {
    const { status, json } = await postDirect(stack.url, message);
    expect(json?.id).toBe(message.id);
    if (expected === 'result') {
      expect(status).toBe(200);
      expect(json?.result).toBeDefined();
    } else {
      expect(status).toBeLessThan(500);
      expect(json?.error?.code).toBe(expected);
    }
  });

  it('on a session, each of them is answered on the stream with its id, and the POST gets 202', async () => {
    const client = await SseClient.open(stack.url);
    try {
      for (const [, message, expected] of ODD_REQUESTS) {
        const answer = client.answer(message.id as number);
        expect((await client.post(message)).status).toBe(202);
        const got = await answer;
        if (expected === 'result') expect(got.result).toBeDefined();
        else expect(got.error?.code).toBe(expected);
      }
    } finally {
      client.close();
    }
  });

  it('__proto__ keys in params and arguments are plain data: the call runs and nothing is polluted', async () => {
    const response = await fetch(`${stack.url}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: PROTO_KEYS });
    const json = (await response.json()) as { id: number; result?: { isError?: boolean } };
    expect(json.id).toBe(12);
    expect(json.result).toBeDefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('response-shaped messages and unknown notifications are acknowledged and dropped, never left pending', async () => {
    for (const message of [
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: 1, message: 'x' } },
      { jsonrpc: '2.0', method: 'notifications/whatever', params: { a: 1 } },
    ]) {
      const { status, text } = await postDirect(stack.url, message);
      expect(status).toBe(202);
      expect(text).toBe('');
    }
    expect(stack.server.inFlight.size).toBe(0);
  });

  it('a body nested 100,000 levels deep gets 400 before any parsing work', async () => {
    const body = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const response = await fetch(`${stack.url}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/nests deeper/);
  });

  it('a request whose id is already running on the session gets an error, and the first still gets its answer', async () => {
    const client = await SseClient.open(stack.url);
    try {
      await fetch(`${stack.api.url}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delayMs: 200 }) });
      const call = { jsonrpc: '2.0', id: 'dup', method: 'tools/call', params: { name: 'whoami' } };
      await client.post(call, { authorization: 'Bearer demo-manager-token' });
      await client.post(call, { authorization: 'Bearer demo-manager-token' });
      const answers = await client.until(() => {
        const found = client.events.filter((e) => e.event === 'message' && e.data.includes('"id":"dup"'));
        return found.length === 2 ? found.map((e) => JSON.parse(e.data) as { error?: { code: number }; result?: unknown }) : undefined;
      });
      expect(answers.filter((a) => a.error?.code === -32600)).toHaveLength(1);
      expect(answers.filter((a) => a.result !== undefined)).toHaveLength(1);
    } finally {
      client.close();
    }
  });
});
