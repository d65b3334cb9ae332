// MCP Apps on the server side: a tool names its view in `_meta.ui` where views are
// shown (/mcp), the extension is declared and the client's declaration read, and the hub's lane answers
// exactly as a server without views.
import { tools as orderTools } from '../fixtures/order-tools';
import { listThings, listView, refreshThings } from '../fixtures/views';
import { post2025, post2026, VIEW_CAPABILITIES, viewsSession } from '../support/mcp-post';
import { postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';
import { defineTool } from '../../src/tools';

/** list_things as it would be without a view, and nothing else different. */
const listThingsWithoutView = defineTool({
  name: 'list_things',
  description: 'Lists things, shown as a table where the client shows views.',
  input: {},
  scopes: ['things:read'],
  handler: () => 'thing 1\nthing 2',
});

let withViews: Stack;
let withoutViews: Stack;
beforeAll(async () => {
  withViews = await startStack({ tools: [...orderTools, listThings, refreshThings], resources: [listView] });
  withoutViews = await startStack({ tools: [...orderTools, listThingsWithoutView] });
});
afterAll(() => Promise.all([withViews.close(), withoutViews.close()]));

type Listed = { name: string; _meta?: Record<string, unknown> };
const toolsOf = (result: Record<string, unknown> | undefined) => (result?.tools ?? []) as Listed[];
const UI_META = { ui: { resourceUri: 'ui://fixture/list' }, 'ui/resourceUri': 'ui://fixture/list' };

describe('tools/list on /mcp', () => {
  it('2026-07-28 with the extension declared in _meta: _meta.ui on the tool with a view, and the view-only helper listed', async () => {
    const tools = toolsOf((await post2026(withViews.url, 'tools/list', {}, { capabilities: VIEW_CAPABILITIES })).json.result);
    expect(tools.find((tool) => tool.name === 'list_things')?._meta).toEqual(UI_META);
    expect(tools.find((tool) => tool.name === 'refresh_things')?._meta).toEqual({
      ui: { resourceUri: 'ui://fixture/list', visibility: ['app'] },
      'ui/resourceUri': 'ui://fixture/list',
    });
  });

  it('2026-07-28 without the extension: the list a server without views gives', async () => {
    const seen = await post2026(withViews.url, 'tools/list');
    const plain = await post2026(withoutViews.url, 'tools/list');
    expect(seen.text).toBe(plain.text);
    expect(toolsOf(seen.json.result).map((tool) => tool.name)).not.toContain('refresh_things');
  });

  it("2025 era with the Mcp-Session-Id of an initialize that declared the extension: _meta.ui and the view-only helper", async () => {
    const tools = toolsOf((await post2025(withViews.url, 'tools/list', undefined, await viewsSession(withViews.url))).json.result);
    expect(tools.find((tool) => tool.name === 'list_things')?._meta).toEqual(UI_META);
    expect(tools.map((tool) => tool.name)).toContain('refresh_things');
  });

  it('2025 era without it: the list a server without views gives', async () => {
    const seen = await post2025(withViews.url, 'tools/list');
    const plain = await post2025(withoutViews.url, 'tools/list');
    expect(seen.text).toBe(plain.text);
    expect(toolsOf(seen.json.result).map((tool) => tool.name)).not.toContain('refresh_things');
  });
});

describe('the extension in the handshake', () => {
  const initialize = (capabilities: Record<string, unknown>) => ({ protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 'raw-test', version: '1' } });

  it('initialize (2025) declares capabilities.extensions["io.modelcontextprotocol/ui"] to a client that declared it', async () => {
    const { json } = await post2025(withViews.url, 'initialize', initialize(VIEW_CAPABILITIES));
    expect(json.result?.capabilities).toEqual({
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: false },
      extensions: { 'io.modelcontextprotocol/ui': {} },
      logging: {},
    });
  });

  it('initialize (2025) does not declare it to a client that did not', async () => {
    const { json } = await post2025(withViews.url, 'initialize', initialize({}));
    expect(json.result?.capabilities).toEqual({ tools: { listChanged: false }, resources: { subscribe: true, listChanged: false }, logging: {} });
  });

  it('server/discover (2026-07-28) declares it', async () => {
    const { json } = await post2026(withViews.url, 'server/discover');
    expect(json.result?.capabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/ui': {} } });
  });
});

describe('a tool with a view', () => {
  it('still answers with its text on /mcp in both eras and on the hub lane', async () => {
    const expected = { content: [{ type: 'text', text: 'thing 1\nthing 2' }] };
    expect((await post2025(withViews.url, 'tools/call', { name: 'list_things', arguments: {} })).json.result).toEqual(expected);
    const modern = await post2026(withViews.url, 'tools/call', { name: 'list_things', arguments: {} }, { capabilities: VIEW_CAPABILITIES });
    expect(modern.json.result).toMatchObject(expected);
    expect((await postDirect(withViews.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_things', arguments: {} } })).json?.result).toEqual(expected);
  });
});

describe('the hub lane (POST /messages) of a server with views', () => {
  it.each([
    ['initialize', { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'hub', version: '1' } }],
    ['initialize declaring the extension', { protocolVersion: '2024-11-05', capabilities: VIEW_CAPABILITIES, clientInfo: { name: 'hub', version: '1' } }],
    ['tools/list', undefined],
    ['resources/list', undefined],
    ['tools/call', { name: 'list_things', arguments: {} }],
  ])('answers %s byte for byte as a server without views', async (label, params) => {
    const method = label.split(' ')[0]!;
    const message = { jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) };
    const seen = await postDirect(withViews.url, message);
    const plain = await postDirect(withoutViews.url, message);
    expect(seen.status).toBe(plain.status);
    expect(seen.text).toBe(plain.text);
    expect(seen.text).not.toContain('ui://');
  });
});
