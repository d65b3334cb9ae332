// Every request to the API carries a User-Agent (the server's name and version, or
// UPSTREAM_USER_AGENT) and the fixed headers of UPSTREAM_HEADERS, which never replace a forwarded
// credential; credential, hop and invalid headers in the setting are refused at startup, naming them.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { name, version } from '../../package.json';
import { loadConfig } from '../../src/config';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool } from '../../src/tools';
import { createUpstream, type Upstream } from '../../src/upstream/api-client';
import { problemsOf } from '../support/config-problems';
import { callTool, postDirect } from '../support/sse-client';
import { startStack } from '../support/stack';

/** A stand-in API that records each request's headers and answers {}. */
async function recordingApi(): Promise<Listening & { seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  return Object.assign(await listen(server), { seen });
}

const scope = (headers: Record<string, string>) => ({ headers, tenantId: undefined, signal: new AbortController().signal });

describe('UPSTREAM_USER_AGENT and UPSTREAM_HEADERS at startup', () => {
  it('default to the package name and version, and no fixed headers', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.upstream.userAgent).toBe(`${name}/${version}`);
    expect(config.upstream.fixedHeaders).toBeUndefined();
    expect(config.upstream.errorReason).toBe(true);
    expect(config.upstream.errorWhen).toBeUndefined();
  });

  it('take a JSON object of headers (names lower-cased) and a rule for errors inside a 2xx', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      UPSTREAM_USER_AGENT: 'acme-assistant/2.1 (+https://acme.example/bot)',
      UPSTREAM_HEADERS: '{"Stripe-Version":"2024-06-20","Accept":"application/vnd.github+json"}',
      UPSTREAM_ERROR_REASON: 'off',
      UPSTREAM_ERROR_WHEN: 'status:"error"',
    });
    expect(config.upstream).toMatchObject({
      userAgent: 'acme-assistant/2.1 (+https://acme.example/bot)',
      fixedHeaders: { 'stripe-version': '2024-06-20', accept: 'application/vnd.github+json' },
      errorReason: false,
      errorWhen: { field: 'status', equals: 'error' },
    });
  });

  it.each([
    ['Authorization', '{"Authorization":"Bearer sk_live_abc"}', 'UPSTREAM_HEADERS: may not set "Authorization" (a credential header: credentials are forwarded from each call or exchanged, never fixed)'],
    ['Cookie and X-Tenant-Id, both named', '{"Cookie":"a=b","X-Tenant-Id":"t1"}', 'UPSTREAM_HEADERS: may not set "Cookie" (a credential header: credentials are forwarded from each call or exchanged, never fixed); may not set "X-Tenant-Id" (a credential header: credentials are forwarded from each call or exchanged, never fixed)'],
    ['a hop header', '{"Host":"evil.example"}', 'UPSTREAM_HEADERS: may not set "Host" (set by the server or the connection)'],
    ['User-Agent', '{"User-Agent":"x"}', 'UPSTREAM_HEADERS: may not set "User-Agent" (set by UPSTREAM_USER_AGENT)'],
    ['an invalid name', '{"Bad Name":"x"}', 'UPSTREAM_HEADERS: may not set "Bad Name" (not a valid header name)'],
    ['a line break in a value', '{"X-Trace":"a\\r\\nX-Injected: 1"}', 'UPSTREAM_HEADERS: the value of "X-Trace" must be one line of visible ASCII text'],
    ['a value that is not text', '{"X-Count":3}', 'UPSTREAM_HEADERS: the value of "X-Count" must be one line of visible ASCII text'],
    ['not JSON', 'Stripe-Version: 2024-06-20', 'UPSTREAM_HEADERS: must be a JSON object of header name to value, e.g. {"Stripe-Version":"2024-06-20"}'],
  ])('refuse %s, never repeating a value', (_what, value, problem) => {
    expect(problemsOf({ NODE_ENV: 'test', UPSTREAM_HEADERS: value })).toEqual([problem]);
  });

  it('refuse the custom credential headers, FORWARD_HEADERS included', () => {
    expect(problemsOf({ NODE_ENV: 'test', FORWARD_HEADERS: 'x-partner-key', UPSTREAM_HEADERS: '{"X-Api-Key":"k","X-Partner-Key":"p"}' })).toEqual([
      'UPSTREAM_HEADERS: may not set "x-api-key" (a credential header forwarded from each call (X-Api-Key, X-Client-Id or FORWARD_HEADERS))',
      'UPSTREAM_HEADERS: may not set "x-partner-key" (a credential header forwarded from each call (X-Api-Key, X-Client-Id or FORWARD_HEADERS))',
    ]);
  });

  it("refuse the verified user's subject header and the hub's secret header", () => {
    expect(problemsOf({ NODE_ENV: 'test', HUB_SECRET_HEADER: 'x-hub-key', UPSTREAM_HEADERS: '{"X-User-Subject":"admin","X-Hub-Key":"k"}' })).toEqual([
      'UPSTREAM_HEADERS: may not set "x-user-subject" (the verified user\'s subject header (UPSTREAM_USER_HEADER))',
      'UPSTREAM_HEADERS: may not set "x-hub-key" (the hub\'s secret header (HUB_SECRET_HEADER))',
    ]);
  });

  it.each([
    ['UPSTREAM_USER_AGENT', 'two\nlines', 'UPSTREAM_USER_AGENT: must be one line of visible ASCII text, e.g. acme-assistant/2.1 (+https://acme.example/bot); got "two\\nlines"'],
    ['UPSTREAM_ERROR_REASON', 'maybe', 'UPSTREAM_ERROR_REASON: must be one of: on, off; got "maybe"'],
    ['UPSTREAM_ERROR_WHEN', 'ok=false', 'UPSTREAM_ERROR_WHEN: must be <field>:<JSON literal>, e.g. ok:false or status:"error"; got "ok=false"'],
    ['UPSTREAM_ERROR_WHEN', 'ok:{"a":1}', 'UPSTREAM_ERROR_WHEN: must be <field>:<JSON literal>, e.g. ok:false or status:"error"; got "ok:{\\"a\\":1}"'],
  ])('refuse a bad %s with one line', (setting, value, problem) => {
    expect(problemsOf({ NODE_ENV: 'test', [setting]: value })).toEqual([problem]);
  });
});

describe('what the API receives', () => {
  let api: Awaited<ReturnType<typeof recordingApi>>;
  let upstream: Upstream | undefined;
  beforeAll(async () => {
    api = await recordingApi();
  });
  afterEach(async () => {
    await upstream?.close();
    upstream = undefined;
    api.seen.length = 0;
  });
  afterAll(async () => {
    await api.close();
  });

  it("a User-Agent of the server's name and version by default, on every request", async () => {
    upstream = createUpstream({ baseUrl: api.url });
    const client = upstream.forCall(scope({ authorization: 'Bearer t' }));
    await client.get('/a');
    await client.post('/b', { x: 1 });
    expect(api.seen.map((headers) => headers['user-agent'])).toEqual([`${name}/${version}`, `${name}/${version}`]);
    expect(api.seen[0]!.accept).toBe('application/json');
  });

  it('fixed headers on every request, under a tool header parameter and the forwarded credentials', async () => {
    upstream = createUpstream({
      baseUrl: api.url,
      userAgent: 'acme/2',
      // Startup refuses credentials here; the client keeps them under the forwarded ones all the same.
      fixedHeaders: { 'stripe-version': '2024-06-20', 'x-label': 'fixed', authorization: 'Bearer fixed', 'x-api-key': 'fixed', accept: 'application/vnd.github+json' },
    });
    const client = upstream.forCall(scope({ authorization: 'Bearer user', 'x-api-key': 'user-key', 'x-request-id': 'r1' }));
    await client.get('/a');
    await client.post('/b', { x: 1 }, { headers: { 'X-Label': 'from-tool' } });
    for (const headers of api.seen) {
      expect(headers).toMatchObject({ 'user-agent': 'acme/2', 'stripe-version': '2024-06-20', authorization: 'Bearer user', 'x-api-key': 'user-key', 'x-request-id': 'r1', accept: 'application/vnd.github+json' });
    }
    expect(api.seen.map((headers) => headers['x-label'])).toEqual(['fixed', 'from-tool']);
    expect(api.seen[1]!['content-type']).toBe('application/json');
  });

  it('a User-Agent forwarded by FORWARD_HEADERS is kept', async () => {
    upstream = createUpstream({ baseUrl: api.url });
    await upstream.forCall(scope({ 'user-agent': 'hub-client/9' })).get('/a');
    expect(api.seen[0]!['user-agent']).toBe('hub-client/9');
  });

  it('through the server: the settings reach every tool call, and the hub\'s credentials are passed through unchanged', async () => {
    const echo = defineTool({ name: 'echo', description: 'Calls the API.', input: { id: z.string().describe('An id.') }, handler: async ({ id }, ctx) => JSON.stringify(await ctx.api.get('/things/:id', { params: { id } })) });
    const stack = await startStack({
      env: { UPSTREAM_HEADERS: '{"X-GitHub-Api-Version":"2022-11-28","Accept":"application/vnd.github+json"}' },
      tools: [echo],
      customerApiUrl: () => api.url,
    });
    try {
      const answer = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('echo', { id: '7' }) }, { authorization: 'Bearer hub-user', 'x-api-key': 'k1' });
      expect(answer.json?.result).toEqual({ content: [{ type: 'text', text: '{}' }] });
      expect(api.seen[0]).toMatchObject({
        'user-agent': `${name}/${version}`,
        'x-github-api-version': '2022-11-28',
        accept: 'application/vnd.github+json',
        authorization: 'Bearer hub-user',
        'x-api-key': 'k1',
      });
    } finally {
      await stack.close();
    }
  });
});
