import { createServer } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';
import { raw, toolCall } from './request';

const OLD = 'old-secret-0123456789abcdef';
const NEW = 'new-secret-fedcba9876543210';

/** Stands in for the customer's API and the hub at once: answers everything, counts what arrives. */
async function recorder(): Promise<Listening & { paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1","text":"file body"}'));
  });
  return Object.assign(await listen(server), { paths });
}

describe('door: caller authentication with a shared secret', () => {
  let stack: Stack;
  let upstream: Awaited<ReturnType<typeof recorder>>;
  beforeAll(async () => {
    upstream = await recorder();
    stack = await startStack({
      customerApiUrl: () => upstream.url,
      env: { HUB_SECRETS: `${OLD},${NEW}`, HUB_URL: upstream.url, HUB_FILES_READ_KEY: 'svc_ak_test_read' },
    });
  });
  afterAll(async () => {
    await stack.close();
    await upstream.close();
  });

  const attacks = [
    ['get_order', { orderId: '1001' }],
    ['read_library_file', { name: 'salaries.csv' }],
  ] as const;

  it.each([
    ['no secret', {}],
    ['a wrong secret', { 'x-hub-secret': 'wrong-secret-0123456789' }],
    ['a secret in another header', { authorization: `Bearer ${NEW}` }],
    ['both secrets at once', { 'x-hub-secret': `${OLD}, ${NEW}` }],
  ])('a caller with %s gets 401 JSON, and nothing reaches the API or the hub', async (_label, headers) => {
    for (const [name, args] of attacks) {
      const answer = await raw(stack.url, '/messages', {
        method: 'POST',
        headers: { ...headers, 'x-session-id': 'someone-elses-session' },
        body: toolCall(name, args),
      });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ error: 'caller_unauthenticated', message: expect.stringContaining('hub') });
    }
    for (const path of ['/sse', '/mcp', '/messages?sessionId=x', '/anything']) {
      expect((await raw(stack.url, path, { headers })).status).toBe(401);
    }
    expect(upstream.paths).toEqual([]);
  });

  it('both secrets work while rotating, and the calls do reach the API and the hub', async () => {
    for (const secret of [OLD, NEW]) {
      for (const [name, args] of attacks) {
        const answer = await raw(stack.url, '/messages', {
          method: 'POST',
          headers: { 'x-hub-secret': secret, 'x-session-id': 'sess-1', authorization: 'Bearer t' },
          body: toolCall(name, args),
        });
        expect(answer.status).toBe(200);
        expect(answer.json?.result?.isError).toBeUndefined();
      }
    }
    expect(upstream.paths).toEqual(['/orders/1001', '/api/mcp/files/fetch', '/orders/1001', '/api/mcp/files/fetch']);
    upstream.paths.length = 0;
  });

  it('a session opened by the hub does not let another caller post to it', async () => {
    const hub = { 'x-hub-secret': NEW };
    const client = await SseClient.open(stack.url, hub);
    try {
      const stolen = await client.post(toolCall('get_order', { orderId: '1001' }));
      expect(stolen.status).toBe(401);
      const answer = await client.call(7, 'tools/call', { name: 'get_order', arguments: { orderId: '1001' } }, hub);
      expect(answer.result?.isError).toBeUndefined();
      expect(upstream.paths).toEqual(['/orders/1001']);
    } finally {
      client.close();
      upstream.paths.length = 0;
    }
  });

  it('/health and the probes (/health/live, /health/ready) stay open to any caller (but not to any Host)', async () => {
    expect((await raw(stack.url, '/health')).status).toBe(200);
    for (const probe of ['/health/live', '/health/ready']) {
      expect((await raw(stack.url, probe)).status).toBe(200);
      expect((await raw(stack.url, probe, { headers: { host: 'evil.example' } })).status).toBe(403);
    }
    expect((await raw(stack.url, '/health?simulate=unhealthy')).status).toBe(503);
    expect((await raw(stack.url, '/health', { headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await raw(stack.url, '/health/../sse')).status).toBe(401);
  });

  it('refusals are logged once a minute per reason, without the secret or the query', async () => {
    const lines = stack.logs().filter((line) => line.msg === 'request refused at the door');
    // Over a dozen 401s and one foreign Host above: one warning for each reason.
    expect(lines.map((line) => [line.reason, line.level])).toEqual([['caller_unauthenticated', 40], ['host_not_allowed', 40]]);
    expect(stack.logText()).not.toContain(NEW.slice(0, 12));
    expect(stack.logText()).not.toContain(OLD.slice(0, 12));
    expect(stack.logText()).not.toContain('sessionId=');
  });
});

describe('door: caller networks and trusted proxies', () => {
  const start = (env: NodeJS.ProcessEnv) => startStack({ env });
  const health = (stack: Stack, xff?: string) =>
    raw(stack.url, '/messages', {
      method: 'POST',
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
      body: { jsonrpc: '2.0', id: 1, method: 'ping' },
    });

  it('a caller outside CALLER_NETWORKS gets 403; inside, it passes', async () => {
    const outside = await start({ CALLER_NETWORKS: '10.0.0.0/8, fd00::/8' });
    const inside = await start({ CALLER_NETWORKS: '10.0.0.0/8, 127.0.0.0/8' });
    try {
      const refused = await health(outside);
      expect(refused.status).toBe(403);
      expect(refused.json?.error).toBe('caller_not_allowed');
      expect((await health(inside)).status).toBe(200);
    } finally {
      await Promise.all([outside.close(), inside.close()]);
    }
  });

  it('X-Forwarded-For counts only from a trusted proxy, read right to left', async () => {
    const untrusted = await start({ CALLER_NETWORKS: '10.0.0.0/8' });
    const proxied = await start({ CALLER_NETWORKS: '10.0.0.0/8', TRUSTED_PROXIES: '127.0.0.1, 192.168.0.0/16' });
    try {
      expect((await health(untrusted, '10.1.2.3')).status).toBe(403); // anyone can write the header
      expect((await health(proxied, '10.1.2.3')).status).toBe(200);
      expect((await health(proxied, '203.0.113.9, 10.1.2.3, 192.168.1.1')).status).toBe(200); // a left entry is the client's to forge
      expect((await health(proxied, '10.1.2.3, 203.0.113.9')).status).toBe(403); // the nearest untrusted hop decides
      expect((await health(proxied, 'garbage, 10.1.2.3')).status).toBe(200);
      expect((await health(proxied, '10.1.2.3, garbage')).status).toBe(403);
      expect((await health(proxied)).status).toBe(403); // the proxy itself is not a caller network
    } finally {
      await Promise.all([untrusted.close(), proxied.close()]);
    }
  });

  it('with a secret and a network both configured, a caller needs both', async () => {
    const both = await start({ CALLER_NETWORKS: '127.0.0.0/8', HUB_SECRETS: NEW });
    try {
      expect((await health(both)).status).toBe(401);
      const ok = await raw(both.url, '/messages', { method: 'POST', headers: { 'x-hub-secret': NEW }, body: { jsonrpc: '2.0', id: 1, method: 'ping' } });
      expect(ok.status).toBe(200);
    } finally {
      await both.close();
    }
  });

  it('CALLER_AUTH=off logs a warning at start', async () => {
    const open = await start({ CALLER_AUTH: 'off' });
    try {
      expect(open.logs()).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringMatching(/^CALLER_AUTH=off/) }));
      expect((await health(open)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
