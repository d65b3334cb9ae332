// GET /mcp/server-card and /.well-known/ai-catalog.json on a real server: the documents, valid against the
// published schemas' rules; cacheable and revalidated; CORS * for reads from any page; behind the same Host
// check as every route; and a JSON answer with a precise status for everything else.
import { raw } from '../door/request';
import { serverCardProblems } from '../support/card-rules';
import { startStack, type Stack } from '../support/stack';

const info = { name: 'com.example/orders', version: '1.2.3', title: 'Orders', description: 'Search and create orders in the company order system.' };
const CARD = '/mcp/server-card';
const CATALOG = '/.well-known/ai-catalog.json';

describe('the Server Card and the AI Catalog (development defaults: Host taken from the request)', () => {
  let stack: Stack;
  let host: string;
  beforeAll(async () => {
    stack = await startStack({ info });
    host = `localhost:${new URL(stack.url).port}`;
  });
  afterAll(() => stack.close());

  it('GET /mcp/server-card answers the card for /mcp at the Host the client used, valid against the schema', async () => {
    const answer = await raw(stack.url, CARD, { headers: { host, accept: 'application/mcp-server-card+json' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/mcp-server-card+json');
    const card = JSON.parse(answer.body) as Record<string, unknown>;
    expect(serverCardProblems(card)).toEqual([]);
    expect(card).toMatchObject({ $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json', ...info });
    expect(card.remotes).toEqual([
      {
        type: 'streamable-http',
        url: `http://${host}/mcp`,
        headers: [{ name: 'Authorization', description: expect.stringContaining('passed on to it unchanged'), isRequired: false, isSecret: true }],
        supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'],
      },
    ]);
  });

  it('is cacheable for an hour, and an If-None-Match naming its ETag gets 304 without a body', async () => {
    const first = await raw(stack.url, CARD, { headers: { host } });
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(first.headers.vary).toBe('Host, Accept');
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await raw(stack.url, CARD, { headers: { host, 'if-none-match': tag } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=3600');
    }
    expect((await raw(stack.url, CARD, { headers: { host, 'if-none-match': '"stale"' } })).status).toBe(200);
    // Another Host is another document (its URL differs), so another tag.
    const other = await raw(stack.url, CARD, { headers: { host: host.replace('localhost', '127.0.0.1') } });
    expect(other.headers.etag).not.toBe(etag);
  });

  it('any web page may read it (CORS *, ETag exposed), and a preflight for If-None-Match is answered 204', async () => {
    const read = await raw(stack.url, CARD, { headers: { host, origin: 'https://any.example' } });
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expect(read.headers['access-control-expose-headers']).toBe('ETag');
    const preflight = await raw(stack.url, CARD, {
      method: 'OPTIONS',
      headers: { host, origin: 'https://any.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET',
      'access-control-allow-headers': 'Content-Type, If-None-Match',
    });
  });

  it('HEAD answers the headers alone', async () => {
    const get = await raw(stack.url, CARD, { headers: { host } });
    const head = await raw(stack.url, CARD, { method: 'HEAD', headers: { host } });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('behind the Host check like every route: a foreign Host is refused with 403 JSON', async () => {
    const answer = await raw(stack.url, CARD, { headers: { host: `evil.example:${new URL(stack.url).port}` } });
    expect(answer.status).toBe(403);
    expect(answer.json?.error).toBe('host_not_allowed');
    expect((await raw(stack.url, CATALOG, { headers: { host: 'evil.example' } })).status).toBe(403);
  });

  it('a write from another origin is still refused by the Origin check; without one it is 405 naming GET', async () => {
    const foreign = await raw(stack.url, CARD, { method: 'POST', headers: { host, origin: 'https://evil.example' }, body: {} });
    expect(foreign.status).toBe(403);
    expect(foreign.json?.error).toBe('origin_not_allowed');
    const post = await raw(stack.url, CARD, { method: 'POST', headers: { host }, body: {} });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(post.json).toEqual({ error: 'method_not_allowed', message: 'The Server Card is read with GET.' });
  });

  it('Accept: an HTML-only client gets 406 JSON; a JSON-only one gets application/json under its own ETag', async () => {
    const html = await raw(stack.url, CARD, { headers: { host, accept: 'text/html' } });
    expect(html.status).toBe(406);
    expect(html.json?.error).toBe('not_acceptable');
    const refused = await raw(stack.url, CARD, { headers: { host, accept: 'application/mcp-server-card+json;q=0, text/plain' } });
    expect(refused.status).toBe(406);
    const json = await raw(stack.url, CARD, { headers: { host, accept: 'application/json' } });
    expect(json.status).toBe(200);
    expect(json.headers['content-type']).toBe('application/json');
    const card = await raw(stack.url, CARD, { headers: { host } });
    expect(json.body).toBe(card.body);
    expect(json.headers.etag).not.toBe(card.headers.etag);
  });

  it('a Host the door accepts by name but whose port makes no URL is answered 400', async () => {
    const answer = await raw(stack.url, CARD, { headers: { host: 'localhost:not-a-port' } });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: 'bad_host', message: expect.any(String) });
  });

  it('/.well-known/ai-catalog.json lists the card by URL under a domain-anchored identifier, and the URL serves it', async () => {
    const answer = await raw(stack.url, CATALOG, { headers: { host } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/ai-catalog+json');
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const catalog = JSON.parse(answer.body) as { entries: Array<{ url: string }> };
    expect(catalog).toEqual({
      specVersion: '1.0',
      entries: [{ identifier: 'urn:air:example.com:mcp:orders', type: 'application/mcp-server-card+json', url: `http://${host}/mcp/server-card` }],
    });
    const url = new URL(catalog.entries[0]!.url);
    const card = await raw(stack.url, url.pathname, { headers: { host: url.host } });
    expect(card.status).toBe(200);
    expect(JSON.parse(card.body)).toMatchObject({ name: info.name });
  });
});

describe('the Server Card with settings', () => {
  const secret = 'a-hub-secret-of-at-least-16-chars';

  it('is readable without the hub secret the other paths require, names its header, and never its value', async () => {
    const stack = await startStack({ info, env: { HUB_SECRETS: secret } });
    try {
      const card = await raw(stack.url, CARD);
      expect(card.status).toBe(200);
      expect(card.body).not.toContain(secret);
      expect((JSON.parse(card.body) as { remotes: Array<{ headers: unknown[] }> }).remotes[0]!.headers).toContainEqual({
        name: 'X-Hub-Secret',
        description: expect.any(String),
        isRequired: true,
        isSecret: true,
      });
      expect((await raw(stack.url, CATALOG)).status).toBe(200);
      // The lane itself still wants the secret.
      expect((await raw(stack.url, '/mcp', { method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'ping' } })).status).toBe(401);
    } finally {
      await stack.close();
    }
  });

  it('MCP_PUBLIC_URL is named whatever the Host, and the tenant header is required when CUSTOMER_API_URL needs it', async () => {
    const stack = await startStack({ info, env: { MCP_PUBLIC_URL: 'https://tools.example.com/orders/mcp' }, customerApiUrl: (api) => `${api}/t/{tenantId}` });
    try {
      const answer = await raw(stack.url, CARD);
      const card = JSON.parse(answer.body) as { remotes: Array<{ url: string; headers: Array<{ name: string; isRequired: boolean }> }> };
      expect(serverCardProblems(card)).toEqual([]);
      expect(card.remotes[0]!.url).toBe('https://tools.example.com/orders/mcp');
      expect(card.remotes[0]!.headers).toContainEqual(expect.objectContaining({ name: 'X-Tenant-Id', isRequired: true }));
      expect(answer.headers.vary).toBe('Accept');
      const catalog = await raw(stack.url, CATALOG);
      expect(catalog.json).toMatchObject({ entries: [{ url: 'https://tools.example.com/orders/mcp/server-card' }] });
    } finally {
      await stack.close();
    }
  });

  it('with ALLOWED_HOSTS=* and no MCP_PUBLIC_URL there is no URL to give: 404 JSON naming the setting', async () => {
    const stack = await startStack({ info, env: { ALLOWED_HOSTS: '*' } });
    try {
      for (const path of [CARD, CATALOG]) {
        const answer = await raw(stack.url, path, { headers: { host: 'whoever.example' } });
        expect(answer.status).toBe(404);
        expect(answer.json).toEqual({ error: 'public_url_unknown', message: expect.stringContaining('MCP_PUBLIC_URL') });
      }
    } finally {
      await stack.close();
    }
  });
});
