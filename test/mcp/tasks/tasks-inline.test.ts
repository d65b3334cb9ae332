// Where a task tool runs inline: the hub's lane is unchanged byte for byte
// (its tools/list and its answers are those of the same tools without `task`, even for a call that asks
// for a task), and a `required` tool runs inline for a client that cannot take a task, in both eras.
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/logger';
import { createToolServer, type ToolServer } from '../../../src/server';
import { defineTool, type Tool } from '../../../src/tools';
import { post2025, post2026 } from '../../support/mcp-post';
import { callTool, postDirect } from '../../support/sse-client';
import { finish, taskTools } from '../../support/task-tools';

const ALICE = { authorization: 'Bearer alice' };

/** A 'required' task tool that asks nothing (a 2025-era POST that is asked a question waits for its answer). */
const report = defineTool({ name: 'build_report', description: 'Builds a report (a fixture).', task: 'required', input: {}, handler: () => 'report built' });
const tools: Tool[] = [...taskTools, report];

/** The same tools as a fork had them before tasks: no `task`, no `execution` in the descriptor. */
const today: Tool[] = tools.map(({ task: _task, ...tool }) => {
  const { execution: _execution, ...descriptor } = tool.descriptor;
  return { ...tool, descriptor, appDescriptor: descriptor };
});

async function start(tools: readonly Tool[]): Promise<{ server: ToolServer; url: string }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CUSTOMER_API_URL: 'http://127.0.0.1:9' });
  const server = createToolServer({ config, customerApiUrl: 'http://127.0.0.1:9', logger: createLogger({ level: 'silent' }), tools, info: { name: 'tasks', version: '0' } });
  return { server, url: await server.listen(0, '127.0.0.1') };
}

let withTasks: { server: ToolServer; url: string };
let without: { server: ToolServer; url: string };
beforeAll(async () => {
  finish();
  withTasks = await start(tools);
  without = await start(today);
});
afterAll(async () => {
  await withTasks.server.shutdown();
  await without.server.shutdown();
});

describe("the hub's lane", () => {
  it.each([
    ['tools/list', {}],
    ['tools/call', callTool('slow_export', { label: 'hub' })],
    ['tools/call', callTool('ask_in_task')],
    ['tools/call', callTool('build_report')],
    ['tools/call', { ...callTool('slow_export'), task: { ttl: 60_000 } }],
  ])('answers %s %j byte for byte as without tasks', async (method, params) => {
    const message = { jsonrpc: '2.0', id: 7, method, params };
    const ours = await postDirect(withTasks.url, message, ALICE);
    const before = await postDirect(without.url, message, ALICE);
    expect(ours.status).toBe(before.status);
    expect(ours.text).toBe(before.text);
    expect(ours.text).not.toContain('"task');
  });
});

describe("a 'required' task tool for a client that cannot take a task", () => {
  it('2026-07-28 without the extension: the plain result, inline', async () => {
    const answer = await post2026(withTasks.url, 'tools/call', { name: 'ask_in_task', arguments: {} }, { headers: ALICE });
    expect(answer.json.result).toMatchObject({ resultType: 'complete', content: [{ text: 'No name (unsupported)' }] });
  });

  it('2025-11-25 without a task in the call: the plain result, inline', async () => {
    const answer = await post2025(withTasks.url, 'tools/call', { name: 'build_report', arguments: {} }, ALICE);
    expect(answer.json.result).toMatchObject({ content: [{ type: 'text', text: 'report built' }] });
    expect(answer.json.result).not.toHaveProperty('task');
  });
});
