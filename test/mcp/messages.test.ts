import request from 'supertest';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { MANAGER, startStack, type Stack } from '../support/stack';
import { until } from '../support/wait';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { MAX_BODY_BYTES: '2048' } });
});
afterAll(() => stack.close());

describe('POST /messages without a sessionId (direct checks)', () => {
  it('answers a request in the body with 200 application/json', async () => {
    const { status, headers, json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(json?.id).toBe(1);
    expect((json?.result?.tools as Array<{ name: string }>).map((t) => t.name)).toEqual(
      expect.arrayContaining(['search_orders', 'get_order', 'create_order', 'whoami']),
    );
  });

  it('answers a notification with 202 and no body', async () => {
    const { status, text } = await postDirect(stack.url, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(status).toBe(202);
    expect(text).toBe('');
  });

  it('tools/call works with no initialize first', async () => {
    const { json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: callTool('whoami') }, MANAGER);
    expect(json?.id).toBe('a');
    expect(json?.result?.content?.[0]?.text).toContain('Demo Manager');
  });
});

describe('JSON-RPC methods', () => {
  it('initialize negotiates the protocol version and announces tools', async () => {
    const { json } = await postDirect(stack.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    expect(json?.result).toMatchObject({
      protocolVersion: LATEST_PROTOCOL_VERSION,
      serverInfo: { name: 'test-tool-server', version: '0.0.0' },
      capabilities: { tools: {} },
    });
  });

  it('initialize with an unknown future version gets the latest version this server speaks', async () => {
    const { json } = await postDirect(stack.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2999-01-01', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    expect(json?.result?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('ping answers an empty result', async () => {
    const { json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 9, method: 'ping' });
    expect(json).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
  });

  it('an unknown tool is a JSON-RPC error -32601, not a tool result', async () => {
    const { status, json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: callTool('no_such_tool') });
    expect(status).toBe(200);
    expect(json?.result).toBeUndefined();
    expect(json?.error).toEqual({ code: -32601, message: 'Unknown tool: no_such_tool' });
  });

  it.each([
    ['no params', undefined],
    ['arguments that are not an object', { name: 'whoami', arguments: 'x' }],
    ['a name that is not a string', { name: 5 }],
  ])('tools/call with %s is a JSON-RPC error -32602 naming the field', async (_label, params) => {
    const { json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 8, method: 'tools/call', ...(params ? { params } : {}) });
    expect(json?.error?.code).toBe(-32602);
    expect(json?.error?.message).toMatch(/^tools\/call (needs params\.name|params\.arguments must be an object)/);
  });

  it('an unknown method is a JSON-RPC error -32601', async () => {
    const { json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 3, method: 'resources/list' });
    expect(json?.error?.code).toBe(-32601);
  });

  it('the whole initialize → initialized → list → call sequence works on a session', async () => {
    const client = await SseClient.open(stack.url);
    try {
      const init = await client.call(1, 'initialize', {
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'hub', version: '1' },
      });
      expect(init.result?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
      expect((await client.post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status).toBe(202);
      expect(((await client.call(2, 'tools/list')).result?.tools as unknown[]).length).toBe(6);
      const result = await client.call(3, 'tools/call', callTool('search_orders', { status: 'shipped' }), MANAGER);
      expect(result.result?.content?.[0]).toEqual({ type: 'text', text: expect.stringContaining('#1002') });
    } finally {
      client.close();
    }
  });
});

describe('bad POSTs get a precise status and a JSON body, never HTML', () => {
  const post = () => request(stack.url).post('/messages');

  it('malformed JSON → 400 with -32700', async () => {
    const res = await post().set('content-type', 'application/json').send('{"jsonrpc": "2.0", "id": 1,');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('Parse error') } });
  });

  it.each([
    ['an array (batch)', [{ jsonrpc: '2.0', id: 1, method: 'ping' }]],
    ['a scalar', 42],
    ['an object without jsonrpc', { id: 1, method: 'ping' }],
    ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'ping' }],
    ['params that are not an object', { jsonrpc: '2.0', id: 1, method: 'ping', params: 'x' }],
    ['an id that is an object', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }],
  ])('a body that is not a JSON-RPC message (%s) → 400 with -32600', async (_label, body) => {
    const res = await post().set('content-type', 'application/json').send(JSON.stringify(body));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(-32600);
  });

  it('the -32600 answer echoes a usable id', async () => {
    const res = await post().set('content-type', 'application/json').send({ jsonrpc: '1.0', id: 5, method: 'ping' });
    expect(res.body.id).toBe(5);
  });

  it('a non-JSON content type → 415', async () => {
    const res = await post().set('content-type', 'text/plain').send('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe(-32600);
  });

  it('no content type at all → 415', async () => {
    const res = await request(stack.url).post('/messages').send(Buffer.from('{}'));
    expect(res.status).toBe(415);
  });

  it('a body over MAX_BODY_BYTES → 413 with JSON', async () => {
    const big = { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(4096) } };
    const res = await post().set('content-type', 'application/json').send(JSON.stringify(big));
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.error.message).toContain('2048');
  });

  it('an unknown sessionId → 404 with a JSON-RPC error body', async () => {
    const res = await request(stack.url)
      .post('/messages?sessionId=00000000-0000-4000-8000-000000000000')
      .set('content-type', 'application/json')
      .send({ jsonrpc: '2.0', id: 4, method: 'ping' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ jsonrpc: '2.0', id: 4, error: { code: -32001, message: expect.any(String) } });
  });

  it('a repeated sessionId parameter → 400', async () => {
    const res = await request(stack.url).post('/messages?sessionId=a&sessionId=b').set('content-type', 'application/json').send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(res.status).toBe(400);
  });

  it('GET /messages → 405 with Allow: POST', async () => {
    const res = await request(stack.url).get('/messages');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });

  it('HEAD /sse → 405 with Allow: GET, and opens no session', async () => {
    const before = stack.server.sessions.size;
    const res = await request(stack.url).head('/sse');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(stack.server.sessions.size).toBe(before);
  });

  it('an unknown route → 404 JSON', async () => {
    const res = await request(stack.url).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('not_found');
  });

  it('the server keeps serving after all of the above', async () => {
    const { json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(json?.result).toEqual({});
  });
});

describe('MAX_SESSIONS', () => {
  it('a stream beyond the limit is refused with 503 JSON; one frees a place when it closes', async () => {
    const small = await startStack({ env: { MAX_SESSIONS: '2' } });
    const first = await SseClient.open(small.url);
    const second = await SseClient.open(small.url);
    try {
      const refused = await request(small.url).get('/sse');
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.body.error.code).toBe(-32002);
      first.close();
      await first.waitClosed();
      await until(() => small.server.sessions.size === 1);
      const third = await SseClient.open(small.url);
      expect(third.endpoint).toMatch(/sessionId=/);
      third.close();
    } finally {
      second.close();
      await small.close();
    }
  });
});
