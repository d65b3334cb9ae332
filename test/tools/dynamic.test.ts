// Dynamic mode (TOOLS_MODE=dynamic, src/tools/dynamic.ts): tools/list shows the tools that find, describe
// and run the operations, on both /mcp eras and the hub's lane; a call runs as the operation's own (the
// credentials forwarded, its arguments checked, its log line), and a write asked of call_operation is refused.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { loadConfig } from '../../src/config';
import { defineTool } from '../../src/tools/define-tool';
import { startFakeApi, startToolServer, type FakeApi, type FakeRequest, type TestServer } from '../../src/tools/testing';
import { inToolset } from '../../src/tools/toolsets';

const received: FakeRequest[] = [];
const getIssue = inToolset(
  'issues',
  defineTool({
    name: 'get_issue',
    description: 'Returns one issue of a project by its key. Includes status and assignee.',
    input: { key: z.string().describe('The issue key, e.g. PROJ-1.') },
    annotations: { readOnlyHint: true, openWorldHint: true },
    handler: async ({ key }, ctx) => JSON.stringify(await ctx.api.get('/issues/:key', { params: { key } })),
  }),
);
const deleteIssue = inToolset(
  'issues',
  defineTool({
    name: 'delete_issue',
    description: 'Deletes an issue for good.',
    input: { key: z.string().describe('The issue key.') },
    annotations: { destructiveHint: true, idempotentHint: true },
    handler: async ({ key }, ctx) => {
      await ctx.api.delete('/issues/:key', { params: { key } });
      return `Deleted ${key}.`;
    },
  }),
);
const listProjects = defineTool({
  name: 'list_projects',
  description: 'Lists the projects the user can see.',
  input: {},
  annotations: { readOnlyHint: true },
  handler: () => 'no projects',
});

let api: FakeApi;
let server: TestServer;
beforeAll(async () => {
  api = await startFakeApi({
    'GET /issues/:key': (request) => {
      received.push(request);
      return { body: { key: request.params.key, status: 'open' } };
    },
    'DELETE /issues/:key': (request) => {
      received.push(request);
      return { status: 204 };
    },
  });
  server = await startToolServer({ tools: [getIssue, deleteIssue, listProjects], apiUrl: api.url, env: { TOOLS_MODE: 'dynamic' } });
});
afterAll(async () => {
  await server?.close();
  await api?.close();
});

const json = (text: string) => JSON.parse(text) as Record<string, unknown>;

describe('TOOLS_MODE', () => {
  it('is static by default, dynamic when asked, and nothing else', () => {
    const base = { NODE_ENV: 'test', CUSTOMER_API_URL: 'http://127.0.0.1:1' };
    expect(loadConfig(base).toolsMode).toBe('static');
    expect(loadConfig({ ...base, TOOLS_MODE: 'dynamic' }).toolsMode).toBe('dynamic');
    expect(() => loadConfig({ ...base, TOOLS_MODE: 'lazy' })).toThrow(/TOOLS_MODE/);
  });
});

describe.each([
  ['2026-07-28', { pin: '2026-07-28' } as const],
  ['a 2025-era client', 'legacy' as const],
])('dynamic mode on /mcp, %s', (_era, mode) => {
  let client: Client;
  beforeAll(async () => {
    client = new Client({ name: 'dynamic-test', version: '1.0.0' }, { versionNegotiation: { mode } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: 'Bearer user-token' } } }));
  });
  afterAll(() => client?.close());

  it('lists the four tools, call_operation read-only and call_write_operation destructive', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['find_operations', 'describe_operation', 'call_operation', 'call_write_operation']);
    expect(tools[2]!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools[3]!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('finds an operation, describes it and calls it through to the API with the caller credentials', async () => {
    const found = await client.callTool({ name: 'find_operations', arguments: { query: 'issue status' } });
    const operations = json((found.content as Array<{ text: string }>)[0]!.text).operations as Array<Record<string, string>>;
    expect(operations[0]).toEqual({ name: 'get_issue', summary: 'Returns one issue of a project by its key.', toolset: 'issues', call_with: 'call_operation' });

    const described = await client.callTool({ name: 'describe_operation', arguments: { name: 'get_issue' } });
    expect(json((described.content as Array<{ text: string }>)[0]!.text)).toMatchObject({
      name: 'get_issue',
      input_schema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
      call_with: 'call_operation',
    });

    received.length = 0;
    const called = await client.callTool({ name: 'call_operation', arguments: { name: 'get_issue', arguments: { key: 'PROJ-1' } } });
    expect(called.isError).toBeFalsy();
    expect(json((called.content as Array<{ text: string }>)[0]!.text)).toEqual({ key: 'PROJ-1', status: 'open' });
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.authorization).toBe('Bearer user-token');
  });

  it('refuses a write asked of call_operation, naming call_write_operation, and sends nothing', async () => {
    received.length = 0;
    const refused = await client.callTool({ name: 'call_operation', arguments: { name: 'delete_issue', arguments: { key: 'PROJ-1' } } });
    expect(refused).toMatchObject({ isError: true, content: [{ type: 'text', text: 'delete_issue may change data: run it with call_write_operation, not call_operation, with the same name and arguments.' }] });
    expect(received).toHaveLength(0);
    const written = await client.callTool({ name: 'call_write_operation', arguments: { name: 'delete_issue', arguments: { key: 'PROJ-1' } } });
    expect(written).toMatchObject({ content: [{ type: 'text', text: 'Deleted PROJ-1.' }] });
    expect(received.map((request) => request.method)).toEqual(['DELETE']);
  });
});

describe('dynamic mode on the hub lane', () => {
  it('runs the same round trip; bad arguments name the call tool to call again; the log line names the operation', async () => {
    const found = await server.call('find_operations', { query: '' });
    expect(json(found.text)).toMatchObject({ total: 3, page: 1, operations: [{ name: 'delete_issue' }, { name: 'get_issue' }, { name: 'list_projects' }] });
    expect(await server.call('find_operations', { query: 'nothing like it' })).toMatchObject({ isError: false, text: expect.stringContaining('"total":0') });
    // A plural finds the singular, in names and descriptions alike.
    expect(json((await server.call('find_operations', { query: 'projects' })).text)).toMatchObject({ total: 2, operations: [{ name: 'list_projects' }, { name: 'get_issue' }] });
    expect(await server.call('describe_operation', { name: 'get_isue' })).toMatchObject({ isError: true, text: expect.stringContaining('There is no operation named "get_isue"') });

    const bad = await server.call('call_operation', { name: 'get_issue', arguments: {} });
    expect(bad).toMatchObject({ isError: true, text: expect.stringMatching(/^The arguments for get_issue are not valid: key: .*call call_operation again with the name get_issue\.$/) });
    expect(await server.call('call_operation', { name: 'get_issue', arguments: { key: 'A-2' } }, { authorization: 'Bearer hub-user' })).toMatchObject({ isError: false });
    expect(received.at(-1)!.headers.authorization).toBe('Bearer hub-user');
    const lines = server.logs().filter((line) => line.tool !== undefined);
    expect(lines.at(-1)).toMatchObject({ tool: 'get_issue' });
  });
});
