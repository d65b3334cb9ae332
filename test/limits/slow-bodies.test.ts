// Request bodies a client may be sending at once (MAX_BODIES_PER_CLIENT), counted
// across POST /messages and POST /mcp, and a total bound on bodies in transit. Real slow clients: raw
// sockets that send the headers and part of a body, then hold.
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { startStack, type Stack } from '../support/stack';
import { startSlowBody, type RawAnswer, type SlowBody } from '../support/slow-body';

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
const MCP_HEADERS = { 'mcp-protocol-version': '2025-06-18' };
const MCP_LIST = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} });

/** One whole POST from `localAddress`, as a quick client sends it. */
function post(url: string, path: string, body: string, localAddress: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const refusedCount = (metrics: string, reason: string) => Number(new RegExp(`mcp_refused_requests_total\\{reason="${reason}"\\} (\\d+)`).exec(metrics)?.[1]);

describe('MAX_BODIES_PER_CLIENT: bodies one client may be sending at once', () => {
  let stack: Stack;
  const slow: SlowBody[] = [];
  beforeAll(async () => {
    stack = await startStack({ env: { MAX_BODIES_PER_CLIENT: '3', METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    for (const client of slow) client.socket.destroy();
    await stack.close();
  });

  it('the next body of a client at its cap is refused at once with 429, Retry-After and a JSON-RPC error; others are served; the client is served again once its bodies end', async () => {
    // Three slow bodies from 127.0.0.1, on both lanes: they count together.
    slow.push(
      startSlowBody(stack.url, { path: '/messages', body: LIST }),
      startSlowBody(stack.url, { path: '/mcp', body: MCP_LIST, headers: MCP_HEADERS }),
      startSlowBody(stack.url, { path: '/messages', body: LIST }),
    );
    for (const client of slow) expect(await client.started).toBe('continue');

    // The fourth, slow as well, is answered before it has sent its body.
    const fourth = startSlowBody(stack.url, { path: '/mcp', body: MCP_LIST, headers: MCP_HEADERS });
    slow.push(fourth);
    const refused = await fourth.answer;
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32002, message: expect.stringMatching(/too many request bodies at once/) },
    });
    // A quick one from the same client is refused too, on the other lane.
    expect((await post(stack.url, '/messages', LIST, '127.0.0.1')).status).toBe(429);

    // Another client is served meanwhile, on both lanes.
    const other = await post(stack.url, '/messages', LIST, '127.0.0.2');
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body).result.tools.length).toBeGreaterThan(0);
    expect((await post(stack.url, '/mcp', MCP_LIST, '127.0.0.2', MCP_HEADERS)).status).toBe(200);

    // The slow bodies end: each is answered, and the client is served again.
    for (const client of slow.slice(0, 3)) client.finish();
    for (const client of slow.slice(0, 3)) expect((await client.answer).status).toBe(200);
    expect((await post(stack.url, '/messages', LIST, '127.0.0.1')).status).toBe(200);
    expect((await post(stack.url, '/mcp', MCP_LIST, '127.0.0.1', MCP_HEADERS)).status).toBe(200);

    const metrics = await (await fetch(`${stack.server.metricsUrl}/metrics`)).text();
    expect(refusedCount(metrics, 'bodies')).toBe(2);
  });

  it('a client that abandons its slow bodies gets its slots back', async () => {
    // The server's end of each connection, by the client's port: its close is when the server lets go.
    const serverSide = new Map<number, Socket>();
    const track = (socket: Socket) => serverSide.set(socket.remotePort ?? 0, socket);
    stack.server.http.on('connection', track);
    const abandoned = [1, 2, 3].map(() => startSlowBody(stack.url, { path: '/messages', body: LIST, localAddress: '127.0.0.3' }));
    for (const client of abandoned) expect(await client.started).toBe('continue');
    expect((await post(stack.url, '/messages', LIST, '127.0.0.3')).status).toBe(429);

    // (events.once would reject on the socket's 'error', which a reset mid-body emits first.)
    const released = abandoned.map((client) => new Promise((resolve) => serverSide.get(client.socket.localPort ?? 0)!.once('close', resolve)));
    stack.server.http.off('connection', track);
    for (const client of abandoned) client.socket.destroy();
    await Promise.all(released);
    expect((await post(stack.url, '/messages', LIST, '127.0.0.3')).status).toBe(200);
  });
});

describe('bodies in transit across all clients', () => {
  let stack: Stack;
  const slow: SlowBody[] = [];
  beforeAll(async () => {
    // 64 MiB bodies: the 128 MiB budget is two bodies at once, whoever sends them.
    stack = await startStack({ env: { MAX_BODY_BYTES: String(64 * 1_048_576), MAX_BODIES_PER_CLIENT: '0' } });
  });
  afterAll(async () => {
    for (const client of slow) client.socket.destroy();
    await stack.close();
  });

  it('beyond the total, a body from any client is refused at once with 503 and Retry-After, and served again once one ends', async () => {
    slow.push(
      startSlowBody(stack.url, { path: '/messages', body: LIST, localAddress: '127.0.0.4' }),
      startSlowBody(stack.url, { path: '/mcp', body: MCP_LIST, localAddress: '127.0.0.5', headers: MCP_HEADERS }),
    );
    for (const client of slow) expect(await client.started).toBe('continue');

    const third = await post(stack.url, '/messages', LIST, '127.0.0.6');
    expect(third.status).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    expect(JSON.parse(third.body).error).toEqual({ code: -32002, message: expect.stringMatching(/Too many request bodies/) });

    slow[0]!.finish();
    expect((await slow[0]!.answer).status).toBe(200);
    expect((await post(stack.url, '/messages', LIST, '127.0.0.6')).status).toBe(200);
  });
});
