// The SDK clients, as an MCP Apps host uses them: they declare the extension, find a tool's view in
// `_meta.ui`, list it and read it, in both eras on /mcp (2026-07-28 declares on each request; a 2025-era
// client by the Mcp-Session-Id its initialize was answered). And clients that declare nothing, as Gemini
// CLI, opencode, Claude Code and Codex: no view listed, no `_meta.ui`, no view-only tool, in either era.
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { tools as orderTools } from '../fixtures/order-tools';
import { listThings, listView, refreshThings, VIEW_HTML } from '../fixtures/views';
import { VIEW_CAPABILITIES } from '../support/mcp-post';
import { MANAGER, startStack, type Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ tools: [...orderTools, listThings, refreshThings], resources: [listView] });
});
afterAll(() => stack.close());

type Mode = 'legacy' | { pin: string };

async function host(mode: Mode) {
  const client = new Client({ name: 'apps-host', version: '1.0.0' }, { capabilities: VIEW_CAPABILITIES, versionNegotiation: { mode } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), { requestInit: { headers: MANAGER } }));
  return client;
}

describe.each<[string, Mode]>([
  ['pinned to 2026-07-28', { pin: '2026-07-28' }],
  ['in its 2025 mode', 'legacy'],
])('the SDK v2 client %s, declaring io.modelcontextprotocol/ui', (_label, mode) => {
  it('sees the extension and the resources capability', async () => {
    const client = await host(mode);
    try {
      expect(client.getServerCapabilities()).toMatchObject({ resources: {}, extensions: { 'io.modelcontextprotocol/ui': {} } });
    } finally {
      await client.close();
    }
  });

  it('finds the view in the tool\'s _meta.ui, lists it (2026-07-28) and reads it as text/html;profile=mcp-app', async () => {
    const client = await host(mode);
    try {
      const { tools } = await client.listTools();
      const ui = tools.find((tool) => tool.name === 'list_things')?._meta?.ui as { resourceUri?: string } | undefined;
      expect(ui?.resourceUri).toBe('ui://fixture/list');
      expect(tools.find((tool) => tool.name === 'refresh_things')?._meta?.ui).toEqual({ resourceUri: 'ui://fixture/list', visibility: ['app'] });
      const { resources } = await client.listResources();
      expect(resources).toEqual([expect.objectContaining({ uri: 'ui://fixture/list', mimeType: 'text/html;profile=mcp-app' })]);
      const read = await client.readResource({ uri: ui!.resourceUri! });
      expect(read.contents).toEqual([
        expect.objectContaining({ uri: 'ui://fixture/list', mimeType: 'text/html;profile=mcp-app', text: VIEW_HTML, _meta: { ui: expect.objectContaining({ prefersBorder: true }) } }),
      ]);
      const result = await client.callTool({ name: 'list_things', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'thing 1\nthing 2' }]);
    } finally {
      await client.close();
    }
  });
});

describe('clients that do not declare io.modelcontextprotocol/ui', () => {
  it('the SDK v2 client pinned to 2026-07-28: no view listed, no _meta.ui, no view-only tool, and reading the view refused with the reason', async () => {
    const client = new Client({ name: 'text-host', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${stack.url}/mcp`), { requestInit: { headers: MANAGER } }));
    try {
      expect((await client.listResources()).resources).toEqual([]);
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'list_things')).not.toHaveProperty('_meta');
      expect(tools.map((tool) => tool.name)).not.toContain('refresh_things');
      await expect(client.readResource({ uri: 'ui://fixture/list' })).rejects.toThrow(
        'Resource not offered: ui://fixture/list is an MCP Apps view, sent only to clients that declare the io.modelcontextprotocol/ui extension in their capabilities',
      );
      expect((await client.callTool({ name: 'list_things', arguments: {} })).content).toEqual([{ type: 'text', text: 'thing 1\nthing 2' }]);
    } finally {
      await client.close();
    }
  });

  it.each([
    ['the SDK v1 client (2025 era)', () => new ClientV1({ name: 'text-host-v1', version: '1.0.0' }), (url: URL) => new TransportV1(url, { requestInit: { headers: MANAGER } })],
    ['the SDK v2 client in its 2025 mode', () => new Client({ name: 'text-host', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } }), (url: URL) => new StreamableHTTPClientTransport(url, { requestInit: { headers: MANAGER } })],
  ] as const)('%s lists no view, no _meta.ui and no view-only tool (and is not told of the extension)', async (_label, makeClient, makeTransport) => {
    const client = makeClient();
    await client.connect(makeTransport(new URL(`${stack.url}/mcp`)) as never);
    try {
      const { resources } = await client.listResources();
      expect(resources).toEqual([]);
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'list_things')).not.toHaveProperty('_meta');
      expect(tools.map((tool) => tool.name)).not.toContain('refresh_things');
      expect(client.getServerCapabilities()?.extensions).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe('the SDK v1 client (2025 era), declaring io.modelcontextprotocol/ui', () => {
  it('lists the view and the view-only tool with _meta.ui, and reads the view in full', async () => {
    const client = new ClientV1({ name: 'apps-host-v1', version: '1.0.0' }, { capabilities: VIEW_CAPABILITIES });
    await client.connect(new TransportV1(new URL(`${stack.url}/mcp`), { requestInit: { headers: MANAGER } }));
    try {
      expect(client.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/ui': {} });
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'list_things')?._meta?.ui).toEqual({ resourceUri: 'ui://fixture/list' });
      expect(tools.find((tool) => tool.name === 'refresh_things')?._meta?.ui).toEqual({ resourceUri: 'ui://fixture/list', visibility: ['app'] });
      expect((await client.listResources()).resources).toEqual([expect.objectContaining({ uri: 'ui://fixture/list', mimeType: 'text/html;profile=mcp-app' })]);
      expect((await client.readResource({ uri: 'ui://fixture/list' })).contents).toEqual([expect.objectContaining({ text: VIEW_HTML })]);
    } finally {
      await client.close();
    }
  });
});
