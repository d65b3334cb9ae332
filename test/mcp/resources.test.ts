// resources/list, resources/templates/list and resources/read in the core, on both
// lanes and both eras; and a server without resources, which answers exactly as before.
import { tools as orderTools } from '../fixtures/order-tools';
import { listThings, listView, refreshThings, statusDoc, statusesDoc, VIEW_HTML } from '../fixtures/views';
import { post2025, post2026, VIEW_CAPABILITIES } from '../support/mcp-post';
import { postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

let plain: Stack;
let withResources: Stack;
beforeAll(async () => {
  plain = await startStack({ tools: orderTools });
  withResources = await startStack({
    tools: [...orderTools, listThings, refreshThings],
    resources: [statusesDoc, listView],
    resourceTemplates: [statusDoc],
  });
});
afterAll(() => Promise.all([plain.close(), withResources.close()]));

const INITIALIZE = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-test', version: '1' } };

describe('a server with no resource', () => {
  it.each(['resources/list', 'resources/read', 'resources/templates/list'])('answers %s with -32601 on every lane and era, as before', async (method) => {
    const direct = await postDirect(plain.url, { jsonrpc: '2.0', id: 1, method, params: { uri: 'docs://x' } });
    expect(direct.json?.error).toEqual({ code: -32601, message: `Method not found: ${method}` });
    const legacy = await post2025(plain.url, method, { uri: 'docs://x' });
    expect([legacy.status, legacy.json.error?.code]).toEqual([200, -32601]);
    const modern = await post2026(plain.url, method, { uri: 'docs://x' });
    expect([modern.status, modern.json.error?.code]).toEqual([404, -32601]);
  });

  it('declares tools (and logging), no resources, in initialize and server/discover', async () => {
    expect((await post2025(plain.url, 'initialize', INITIALIZE)).json.result?.capabilities).toEqual({ tools: { listChanged: false }, logging: {} });
    expect((await post2026(plain.url, 'server/discover')).json.result?.capabilities).toEqual({ tools: { listChanged: false }, logging: {} });
  });
});

describe('a server with resources, on /mcp', () => {
  it('declares resources in initialize (2025) and server/discover (2026-07-28)', async () => {
    const init = await post2025(withResources.url, 'initialize', INITIALIZE);
    expect(init.json.result?.capabilities).toMatchObject({ tools: { listChanged: false }, resources: { listChanged: false } });
    const discover = await post2026(withResources.url, 'server/discover');
    expect(discover.json.result?.capabilities).toMatchObject({ tools: { listChanged: false }, resources: { listChanged: false } });
  });

  const VIEW_LISTING = {
    uri: 'ui://fixture/list',
    name: 'fixture-list',
    title: 'Fixture list',
    description: 'A table of things.',
    mimeType: 'text/html;profile=mcp-app',
    _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
  };
  const DOC_LISTING = { uri: 'docs://orders/statuses', name: 'order-statuses', title: 'Order statuses', description: 'What each order status means.', mimeType: 'text/markdown' };

  it('resources/list (2025) lists the resources other than views, without cache hints: stateless, it cannot tell a client with views', async () => {
    const { json } = await post2025(withResources.url, 'resources/list');
    expect(json.result).toEqual({ resources: [DOC_LISTING] });
  });

  it('resources/list (2026-07-28) lists the views only to a request whose capabilities declare the extension', async () => {
    const declared = await post2026(withResources.url, 'resources/list', {}, { capabilities: VIEW_CAPABILITIES });
    expect(declared.json.result?.resources).toEqual([DOC_LISTING, VIEW_LISTING]);
    const undeclared = await post2026(withResources.url, 'resources/list');
    expect(undeclared.json.result?.resources).toEqual([DOC_LISTING]);
  });

  it('resources/list and resources/templates/list (2026-07-28) carry ttlMs, cacheScope and the complete stamp', async () => {
    const list = await post2026(withResources.url, 'resources/list');
    expect(list.json.result).toMatchObject({ ttlMs: 300_000, cacheScope: 'private', resultType: 'complete', resources: expect.any(Array) });
    const templates = await post2026(withResources.url, 'resources/templates/list');
    expect(templates.json.result).toMatchObject({
      ttlMs: 300_000,
      cacheScope: 'private',
      resultType: 'complete',
      resourceTemplates: [{ uriTemplate: 'docs://orders/statuses/{status}', name: 'order-status', description: 'What one order status means.', mimeType: 'text/plain' }],
    });
  });

  it('resources/read answers a resource, a template match and a view, in both eras', async () => {
    const doc = await post2025(withResources.url, 'resources/read', { uri: 'docs://orders/statuses' });
    expect(doc.json.result).toEqual({ contents: [{ uri: 'docs://orders/statuses', mimeType: 'text/markdown', text: '# Statuses\n\nopen, shipped, cancelled' }] });
    const templated = await post2026(withResources.url, 'resources/read', { uri: 'docs://orders/statuses/open%20now' });
    expect(templated.json.result).toMatchObject({
      contents: [{ uri: 'docs://orders/statuses/open%20now', mimeType: 'text/plain', text: 'The status open now.' }],
      ttlMs: 300_000,
      cacheScope: 'private',
      resultType: 'complete',
    });
    const view = await post2026(withResources.url, 'resources/read', { uri: 'ui://fixture/list' }, { capabilities: VIEW_CAPABILITIES });
    expect(view.json.result?.contents).toEqual([
      {
        uri: 'ui://fixture/list',
        mimeType: 'text/html;profile=mcp-app',
        text: VIEW_HTML,
        _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
      },
    ]);
  });

  it('resources/read (2026-07-28) of a view, without the extension declared, is refused with -32602 naming the extension', async () => {
    const refused = await post2026(withResources.url, 'resources/read', { uri: 'ui://fixture/list' });
    expect(refused.json.error).toEqual({
      code: -32602,
      message: 'Resource not offered: ui://fixture/list is an MCP Apps view, sent only to clients that declare the io.modelcontextprotocol/ui extension in their capabilities',
      data: { uri: 'ui://fixture/list' },
    });
  });

  it('resources/read of an unknown URI is -32602 with data.uri; without a uri it is -32602 naming the field', async () => {
    const unknown = await post2025(withResources.url, 'resources/read', { uri: 'docs://nothing' });
    expect(unknown.json.error).toEqual({ code: -32602, message: 'Resource not found: docs://nothing', data: { uri: 'docs://nothing' } });
    const missing = await post2025(withResources.url, 'resources/read', {});
    expect(missing.json.error).toEqual({ code: -32602, message: 'resources/read needs params.uri, the resource URI as a string' });
  });

  it('a 2026-07-28 resources/read needs an Mcp-Name header equal to params.uri', async () => {
    const absent = await post2026(withResources.url, 'resources/read', { uri: 'docs://orders/statuses' }, { headers: { 'mcp-name': '' } });
    expect(absent.status).toBe(400);
    expect(absent.json.error?.code).toBe(-32020);
    const other = await post2026(withResources.url, 'resources/read', { uri: 'docs://orders/statuses' }, { headers: { 'mcp-name': 'docs://other' } });
    expect(other.status).toBe(400);
    expect(other.json.error).toMatchObject({ code: -32020, message: expect.stringContaining('params.uri="docs://orders/statuses" but the Mcp-Name header names "docs://other"') });
    const encoded = await post2026(withResources.url, 'resources/read', { uri: 'docs://orders/statuses' }, {
      headers: { 'mcp-name': `=?base64?${Buffer.from('docs://orders/statuses').toString('base64')}?=` },
    });
    expect(encoded.status).toBe(200);
    expect(encoded.json.result?.contents).toHaveLength(1);
  });

  it('a 2026-07-28 request with the extension declared sees the views in initialize-free discovery', async () => {
    const discover = await post2026(withResources.url, 'server/discover', {}, { capabilities: VIEW_CAPABILITIES });
    expect(discover.json.result?.capabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/ui': {} } });
  });
});

describe('a server with resources, on the hub lane (POST /messages)', () => {
  it('lists and reads its resources other than views', async () => {
    const list = await postDirect(withResources.url, { jsonrpc: '2.0', id: 1, method: 'resources/list' });
    expect(list.json?.result).toEqual({ resources: [expect.objectContaining({ uri: 'docs://orders/statuses' })] });
    const read = await postDirect(withResources.url, { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'ui://fixture/list' } });
    expect(read.json?.error).toMatchObject({ code: -32602, data: { uri: 'ui://fixture/list' } });
  });

  it('declares resources but never the MCP Apps extension, even to a client that declares it', async () => {
    const init = await postDirect(withResources.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { ...INITIALIZE, protocolVersion: '2024-11-05', capabilities: VIEW_CAPABILITIES },
    });
    expect(init.json?.result?.capabilities).toEqual({ tools: { listChanged: false }, resources: { listChanged: false } });
  });
});
