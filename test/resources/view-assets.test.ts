// VIEW_ASSETS_URL: a view is sent in its shared form, which loads the one runtime all views
// share from this server, and names that origin in its csp; GET /views/runtime-<hash>.js serves the runtime
// with year-long caching, an ETag, gzip when asked, and a JSON 404 for anything else, with no caller check.
// Unset, nothing changes: the self-contained form, and no /views/ route.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ConfigError, loadConfig } from '../../src/config';
import { defineView } from '../../src/resources';
import { defineTool } from '../../src/tools';
import { startToolServer, type TestServer } from '../../src/tools/testing';
import { post2025, post2026, VIEW_CAPABILITIES, viewsSession } from '../support/mcp-post';
import { postDirect } from '../support/sse-client';
import { freePort } from '../support/processes';

const RUNTIME = 'runtime-0123456789abcdef.js';
const RUNTIME_JS = `globalThis.__mcpViewRuntime = Object.freeze({ probe: ${JSON.stringify('x'.repeat(4096))} });\n`;
const WHOLE = '<!doctype html><html><body><p>whole</p><script>/* everything inlined */</script></body></html>';
const SHARED = `<!doctype html><html><body><p>shared</p><script src="${RUNTIME}"></script><script>/* the view alone */</script></body></html>`;
const SECRET = 'a-hub-secret-of-some-length';
const HUB = { 'x-hub-secret': SECRET };

const view = defineView({
  uri: 'ui://fixture/shared',
  name: 'fixture-shared',
  html: () => WHOLE,
  sharedHtml: () => SHARED,
  csp: { connectDomains: [], resourceDomains: ['https://cdn.example.com'] },
});
const tool = defineTool({ name: 'show_shared', description: 'Shows the shared fixture view.', input: {}, view: 'ui://fixture/shared', handler: () => 'shown' });

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with node:http, which adds no Accept-Encoding and decodes nothing; the path is sent as it is (no URL normalising). */
function get(url: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers });
    req.once('error', reject);
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.end();
  });
}

type Read = { contents: Array<{ text: string; _meta?: { ui?: { csp?: { resourceDomains?: string[] } } } }> };
type Listed = { resources: Array<{ uri: string; _meta?: { ui?: { csp?: { resourceDomains?: string[] } } } }> };

describe('VIEW_ASSETS_URL, the setting', () => {
  it.each([
    ['https://tools.example.com', 'https://tools.example.com'],
    ['https://tools.example.com/', 'https://tools.example.com'],
    ['https://Tools.Example.com:8443', 'https://tools.example.com:8443'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000'],
  ])('accepts %s as the origin %s', (value, origin) => {
    expect(loadConfig({ VIEW_ASSETS_URL: value }).viewAssetsUrl).toBe(origin);
  });

  it('is off when unset or empty', () => {
    expect(loadConfig({}).viewAssetsUrl).toBeUndefined();
    expect(loadConfig({ VIEW_ASSETS_URL: '' }).viewAssetsUrl).toBeUndefined();
  });

  it.each(['tools.example.com', 'http://tools.example.com', 'https://tools.example.com/tools', 'https://tools.example.com/?a=1', 'https://user:pw@tools.example.com', 'ftp://tools.example.com'])(
    'refuses %s at startup, saying what it must be',
    (value) => {
      const refused = (() => {
        try {
          loadConfig({ VIEW_ASSETS_URL: value });
        } catch (error) {
          return error;
        }
        return undefined;
      })();
      expect(refused).toBeInstanceOf(ConfigError);
      expect((refused as ConfigError).problems).toEqual([expect.stringMatching(/^VIEW_ASSETS_URL: must be the https:\/\/ origin at which hosts' browsers reach this server, without a path, e\.g\. https:\/\/tools\.example\.com \(http:\/\/ only for localhost\)/)]);
    },
  );
});

describe("VIEW_ASSETS_URL's host and ALLOWED_HOSTS", () => {
  const hostWarnings = (env: Record<string, string>) => loadConfig(env).warnings.filter((warning) => warning.startsWith('VIEW_ASSETS_URL:'));

  it('warns at startup when the host is not allowed, since browsers fetching the runtime would be refused', () => {
    expect(hostWarnings({ VIEW_ASSETS_URL: 'https://tools.example.com', ALLOWED_HOSTS: 'api.example.com' })).toEqual([
      "VIEW_ASSETS_URL: its host tools.example.com is not in ALLOWED_HOSTS (api.example.com), so browsers' requests for the views' runtime would be refused and views would not load: add tools.example.com to ALLOWED_HOSTS (unless a proxy in front rewrites Host to a listed name)",
    ]);
    // In development the default hosts are this machine's names: a tunnel's name must be added.
    expect(hostWarnings({ VIEW_ASSETS_URL: 'https://abc.tunnel.example' })).toEqual([expect.stringContaining('not in ALLOWED_HOSTS (localhost, 127.0.0.1, [::1])')]);
  });

  it.each([
    ['listed', { VIEW_ASSETS_URL: 'https://Tools.Example.com:8443', ALLOWED_HOSTS: 'api.example.com,tools.example.com' }],
    ['any host allowed', { VIEW_ASSETS_URL: 'https://tools.example.com', ALLOWED_HOSTS: '*' }],
    ["this machine's name in development", { VIEW_ASSETS_URL: 'http://localhost:3000' }],
    ['unset', { ALLOWED_HOSTS: 'api.example.com' }],
  ])('says nothing when the host is %s', (_label, env) => {
    expect(hostWarnings(env)).toEqual([]);
  });
});

describe('with VIEW_ASSETS_URL set (and PUBLIC_BASE_PATH /tools, caller authentication on)', () => {
  let dir: string;
  let server: TestServer;
  let origin: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'view-assets-'));
    writeFileSync(join(dir, RUNTIME), RUNTIME_JS);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startToolServer({
      tools: [tool],
      resources: [view],
      apiUrl: 'http://127.0.0.1:9/api',
      port,
      viewsDir: dir,
      env: { VIEW_ASSETS_URL: origin, PUBLIC_BASE_PATH: '/tools', HUB_SECRETS: SECRET },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resources/read answers the shared form, its runtime at an absolute URL, and the origin in csp.resourceDomains', async () => {
    const read = (await post2025(server.url, 'resources/read', { uri: view.uri }, await viewsSession(server.url, HUB))).json.result as Read;
    expect(read.contents[0]!.text).toBe(SHARED.replace(`src="${RUNTIME}"`, `src="${origin}/tools/views/${RUNTIME}"`));
    expect(read.contents[0]!._meta?.ui?.csp).toEqual({ connectDomains: [], resourceDomains: ['https://cdn.example.com', origin] });
    // Listed to a client that declares views (2026-07-28 says so per request; 2025-era lists leave views out).
    const listed = (await post2026(server.url, 'resources/list', {}, { capabilities: VIEW_CAPABILITIES, headers: HUB })).json.result as Listed;
    expect(listed.resources.find((resource) => resource.uri === view.uri)?._meta?.ui?.csp?.resourceDomains).toEqual(['https://cdn.example.com', origin]);
  });

  it("the hub's lane still lists no view", async () => {
    const answer = await postDirect(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, HUB);
    expect(answer.text).not.toContain('ui://');
  });

  it('GET /views/runtime-<hash>.js answers the runtime, cached for a year, with a strong ETag, and no caller check', async () => {
    const got = await get(server.url, `/views/${RUNTIME}`);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-encoding']).toBeUndefined();
    expect(got.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(got.body.toString('utf8')).toBe(RUNTIME_JS);
    // The same request on /mcp, without the hub's secret, is refused: only the runtime is open.
    expect((await post2025(server.url, 'tools/list')).status).toBe(401);
  });

  it('gzips the runtime for a client that accepts it, under an ETag of its own', async () => {
    const plain = await get(server.url, `/views/${RUNTIME}`);
    const zipped = await get(server.url, `/views/${RUNTIME}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(RUNTIME_JS);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
  });

  it('answers 304 with no body to a request that names its ETag, and HEAD with the headers alone', async () => {
    const first = await get(server.url, `/views/${RUNTIME}`, { 'accept-encoding': 'gzip' });
    const again = await get(server.url, `/views/${RUNTIME}`, { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const other = await get(server.url, `/views/${RUNTIME}`, { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
    const head = await get(server.url, `/views/${RUNTIME}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(RUNTIME_JS)));
    expect(head.body.length).toBe(0);
  });

  it.each([
    '/views/runtime-fedcba9876543210.js', // the right shape, not built
    '/views/runtime-0123.js',
    '/views/fixture-shared.html',
    '/views/',
    '/views/../package.json',
    '/views/%2e%2e/%2e%2e/etc/passwd',
    `/views/${RUNTIME}/..`,
    `/views/..%2f${RUNTIME}`,
    '/views/<script>alert(1)</script>',
  ])('GET %s: a JSON 404, never HTML', async (path) => {
    const got = await get(server.url, path);
    expect(got.status).toBe(404);
    expect(got.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(got.body.toString('utf8'))).toMatchObject({ error: 'not_found' });
  });

  it('other methods on the runtime: 405 with Allow, in JSON', async () => {
    const got = await get(server.url, `/views/${RUNTIME}`, { 'content-type': 'application/json' }, 'POST');
    expect(got.status).toBe(405);
    expect(got.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(got.body.toString('utf8'))).toMatchObject({ error: 'method_not_allowed' });
  });
});

describe('without VIEW_ASSETS_URL (the default)', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'view-assets-off-'));
    writeFileSync(join(dir, RUNTIME), RUNTIME_JS);
    server = await startToolServer({ tools: [tool], resources: [view], apiUrl: 'http://127.0.0.1:9/api', viewsDir: dir });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resources/read answers the self-contained form with the csp as declared', async () => {
    const read = (await post2025(server.url, 'resources/read', { uri: view.uri }, await viewsSession(server.url))).json.result as Read;
    expect(read.contents[0]!.text).toBe(WHOLE);
    expect(read.contents[0]!._meta?.ui?.csp).toEqual({ connectDomains: [], resourceDomains: ['https://cdn.example.com'] });
  });

  it('serves no runtime: /views/ is an unknown route (JSON 404)', async () => {
    const got = await get(server.url, `/views/${RUNTIME}`);
    expect(got.status).toBe(404);
    expect(JSON.parse(got.body.toString('utf8'))).toMatchObject({ error: 'not_found' });
  });
});
