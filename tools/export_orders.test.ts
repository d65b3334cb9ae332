// export_orders, the example tool that runs as a task: against the example API, a 2026-07-28 client that
// declared the Tasks extension gets a task and polls it to its end; the hub's lane runs the same call
// inline and gets its result at once, as for any tool. (No file library is configured here, so the
// export ends with the sentence saying so: the orders were read, the file could not be saved.)
import { startExampleApi, type RunningExampleApi } from '../example-api';
import { startToolServer, type TestServer } from '../src/tools/testing';
import exportOrders from './export_orders';

const MANAGER = { authorization: 'Bearer demo-manager-token' };
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

/** A 2026-07-28 request as a host sends it: the envelope in `_meta`, the standard headers. */
async function post2026(url: string, method: string, params: Record<string, unknown>, { capabilities = {}, headers = {} }: { capabilities?: object; headers?: Record<string, string> }) {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'export-test', version: '1.0.0' },
  };
  const name = String(params.name ?? params.taskId);
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, 'mcp-name': name, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta } }),
  });
  return { json: (await response.json()) as { result?: Record<string, unknown> } };
}

let api: RunningExampleApi;
let server: TestServer;
beforeAll(async () => {
  api = await startExampleApi();
  server = await startToolServer({ tools: [exportOrders], apiUrl: api.url });
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});

describe('export_orders', () => {
  it('runs as a task for a client that declared the extension, reading every status before it writes the file', async () => {
    const created = await post2026(server.url, 'tools/call', { name: 'export_orders', arguments: {} }, { capabilities: TASKS, headers: MANAGER });
    expect(created.json.result).toMatchObject({ resultType: 'task', status: 'working' });
    const taskId = created.json.result!.taskId as string;
    let task: Record<string, unknown>;
    for (;;) {
      task = (await post2026(server.url, 'tasks/get', { taskId }, { headers: MANAGER })).json.result!;
      if (task.status !== 'working') break;
      await new Promise((resolve) => setTimeout(resolve, Number(task.pollIntervalMs)));
    }
    expect(task.status).toBe('completed');
    expect(task.statusMessage).toMatch(/^Writing \d+ orders to all-orders-/);
    expect(JSON.stringify(task.result)).toContain('file library');
  });

  it("runs inline on the hub's lane, as any tool", async () => {
    const { text } = await server.call('export_orders', {}, MANAGER);
    expect(text).toContain('file library');
  });
});
