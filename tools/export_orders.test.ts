// export_orders, the example tool that runs as a task: against the example API, a 2026-07-28 client that
// declared the Tasks extension gets a task and polls it to its end; the SDK v1 client and the hub's lane run
// the same call inline. Without a file library (HUB_URL unset, as after `npm start`) the CSV comes back in
// the result as an embedded resource; one too large for a reply is refused with a sentence; with the
// library (the hub emulator) it is saved there, as before.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startExampleApi, type RunningExampleApi } from '../example-api';
import { createHubEmulator, DEMO_EMBED_KEY, DEMO_KEYS, libraryOwner, type HubEmulator } from '../hub-emulator';
import { startFakeApi, startToolServer, type TestServer } from '../src/tools/testing';
import exportOrders from './export_orders';

const MANAGER = { authorization: 'Bearer demo-manager-token' };
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
type Content = { type: string; text?: string; resource?: { uri: string; mimeType?: string; text?: string } };

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

/** The statuses of a CSV's rows, in order, after checking its header (status is third from the end, after any customer). */
function statusesOf(csv: string): string[] {
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  expect(header).toBe('id,customer,status,total,created_at');
  return rows.map((row) => row.split(',').at(-3)!);
}

/** The CSV attached to a result, checked to be the embedded text/csv resource: the statuses of its rows. */
function attachedRows(content: Content[]): string[] {
  const attached = content.find((part) => part.type === 'resource')?.resource;
  expect(attached).toMatchObject({ uri: expect.stringMatching(/^file:\/\/\/all-orders-.+\.csv$/), mimeType: 'text/csv' });
  return statusesOf(attached!.text!);
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

describe('export_orders without a file library', () => {
  it('runs as a task for a client that declared the extension; the completed task holds the CSV of every status', async () => {
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
    const rows = attachedRows((task.result as { content: Content[] }).content);
    expect(new Set(rows)).toEqual(new Set(['open', 'shipped', 'cancelled']));
  });

  it('hands the CSV back to the SDK v1 client inline, with a sentence saying how many orders it holds', async () => {
    const client = new Client({ name: 'export-v1', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: MANAGER } }));
    try {
      const result = await client.callTool({ name: 'export_orders', arguments: { filename: 'mine.csv' } });
      const content = result.content as Content[];
      const rows = statusesOf(content[1]!.resource!.text!);
      expect(content[0]!.text).toBe(`Exported ${rows.length} order(s) as "mine.csv", attached below (this server has no file library to save it to).`);
      expect(content[1]!.resource!.uri).toBe('file:///mine.csv');
    } finally {
      await client.close();
    }
  });

  it("hands it back on the hub's lane too", async () => {
    const { result, isError } = await server.call('export_orders', {}, MANAGER);
    expect(isError).toBe(false);
    expect(attachedRows(result.content as Content[]).length).toBeGreaterThan(0);
  });

  it('refuses with a sentence, and no file, when the CSV is past what a reply may carry', async () => {
    const big = Array.from({ length: 100 }, (_, i) => ({ id: `o${i}`, customer: 'x'.repeat(1_000), status: 'open', lines: [], total: 1, createdAt: '2026-01-01' }));
    const fake = await startFakeApi({ 'GET /orders': () => ({ body: { items: big, total: big.length } }) });
    const bounded = await startToolServer({ tools: [exportOrders], apiUrl: fake.url });
    try {
      const { text, isError, result } = await bounded.call('export_orders', {}, MANAGER);
      expect(isError).toBe(true);
      expect(text).toMatch(/^The export of 300 orders is too large to return in a reply, and this server has no file library to save it to\. /);
      expect(result.content).toHaveLength(1);
    } finally {
      await bounded.close();
      await fake.close();
    }
  });
});

describe('export_orders with a file library', () => {
  let hub: HubEmulator;
  let hubServer: Server;
  let withLibrary: TestServer;
  beforeAll(async () => {
    hub = createHubEmulator({ embedKey: DEMO_EMBED_KEY, keys: [...DEMO_KEYS] });
    hubServer = createServer(hub.app);
    await new Promise<void>((resolve) => hubServer.listen(0, '127.0.0.1', resolve));
    const env = { HUB_URL: `http://127.0.0.1:${(hubServer.address() as AddressInfo).port}`, HUB_FILES_READ_KEY: DEMO_KEYS[0]!.key, HUB_FILES_WRITE_KEY: DEMO_KEYS[1]!.key };
    withLibrary = await startToolServer({ tools: [exportOrders], apiUrl: api.url, env });
  });
  afterAll(async () => {
    await withLibrary?.close();
    await hub?.close();
    hubServer?.closeAllConnections();
    await new Promise((resolve) => hubServer?.close(resolve));
  });

  it("saves the CSV in the user's library and says so, attaching nothing", async () => {
    const binding = hub.bindings.bind('ws-export', { userId: 'manager' }, { headers: {} });
    const { text, result } = await withLibrary.call('export_orders', { filename: 'saved.csv' }, { ...MANAGER, 'x-session-id': binding.sessionId });
    expect(result.content).toHaveLength(1);
    const saved = hub.libraries.get(libraryOwner(binding), 'saved.csv');
    expect(saved?.contentType).toContain('text/csv');
    const rows = statusesOf(saved!.content.toString('utf8'));
    expect(text).toBe(`Exported ${rows.length} order(s) to your library as "saved.csv".`);
  });
});
