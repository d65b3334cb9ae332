// The SDK's own MCP client, over its SSE client transport, against this server: what a hub does.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startStack, type Stack } from '../support/stack';

describe('SDK Client over SSEClientTransport', () => {
  let stack: Stack;
  let client: Client;
  let token = 'demo-viewer-token';

  beforeAll(async () => {
    stack = await startStack();
    client = new Client({ name: 'sdk-test-client', version: '1.0.0' });
    // A fetch that reads the current token on every request, as a hub does after a refresh.
    const transport = new SSEClientTransport(new URL(`${stack.url}/sse`), {
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        headers.set('authorization', `Bearer ${token}`);
        return fetch(url, { ...init, headers });
      },
    });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
    await stack.close();
  });

  it('lists the tools with their input schemas', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining(['search_orders', 'get_order', 'create_order', 'whoami', 'read_library_file', 'save_orders_csv']),
    );
    expect(byName.get_order?.inputSchema).toMatchObject({ type: 'object', required: ['orderId'] });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
  });

  it('calls a tool and gets a text result', async () => {
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('Demo Viewer') }]);
  });

  it('uses a refreshed token on the next call of the same session', async () => {
    token = 'demo-manager-token';
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('Demo Manager') }]);
  });

  it('maps the API 403 to the permission result', async () => {
    token = 'demo-viewer-token';
    const result = await client.callTool({ name: 'create_order', arguments: { customer: 'X', lines: [{ sku: 'A', quantity: 1, unitPrice: 1 }] } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining("don't have permission") }]);
  });

  it('an unknown tool rejects with a JSON-RPC -32601 error', async () => {
    const error = await client.callTool({ name: 'missing_tool', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32601);
  });
});
