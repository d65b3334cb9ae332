// The SDK v2 client, as an MCP Apps host uses it (issue 26, point 5): it declares the extension, finds a
// tool's view in `_meta.ui`, lists and reads the view, in both eras on /mcp.
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

  it('finds the view in the tool\'s _meta.ui, lists it and reads it as text/html;profile=mcp-app', async () => {
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
