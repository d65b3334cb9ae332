// A task's record expires (issue 41, point 3): kept for the server's TTL after its last change, unless a
// 2025-11-25 client asks for another within bounds (at least a minute, at most the ceiling); once gone,
// tasks/get answers "Task not found" as for an unknown task, in both eras.
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/logger';
import { createToolServer, type ToolServer } from '../../../src/server';
import { post2025, post2026 } from '../../support/mcp-post';
import { finish, taskTools } from '../../support/task-tools';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
const ALICE = { authorization: 'Bearer alice' };
const TTL_MS = 300;
const CEILING_MS = 120_000;

let server: ToolServer;
let url: string;
beforeAll(async () => {
  finish();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CUSTOMER_API_URL: 'http://127.0.0.1:9' });
  server = createToolServer({
    config,
    customerApiUrl: 'http://127.0.0.1:9',
    logger: createLogger({ level: 'silent' }),
    tools: taskTools,
    info: { name: 'tasks', version: '0' },
    taskLimits: { ttlMs: TTL_MS, maxTtlMs: CEILING_MS, pollIntervalMs: 20 },
  });
  url = await server.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await server.shutdown();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const create2025 = async (task: Record<string, unknown>) =>
  (await post2025(url, 'tools/call', { name: 'slow_export', arguments: {}, task }, ALICE)).json.result!.task as { taskId: string; ttl: number };

describe('task records expire', () => {
  it("2025-11-25: a requested ttl is kept within a minute and the ceiling; none gets the server's", async () => {
    expect((await create2025({ ttl: 1_000_000_000 })).ttl).toBe(CEILING_MS);
    expect((await create2025({ ttl: 1 })).ttl).toBe(60_000);
    expect((await create2025({ ttl: 90_000 })).ttl).toBe(90_000);
    expect((await create2025({})).ttl).toBe(TTL_MS);
  });

  it('2026-07-28: a finished task is found until its TTL has passed, then not found', async () => {
    const created = await post2026(url, 'tools/call', { name: 'slow_export', arguments: {} }, { capabilities: TASKS, headers: ALICE });
    expect(created.json.result).toMatchObject({ resultType: 'task', ttlMs: TTL_MS });
    const taskId = created.json.result!.taskId as string;
    const get = () => post2026(url, 'tasks/get', { taskId }, { headers: ALICE });
    for (let task = (await get()).json.result; task?.status !== 'completed'; task = (await get()).json.result) await sleep(20);
    await sleep(TTL_MS + 100);
    expect((await get()).json.error).toMatchObject({ code: -32602, message: `Task not found: ${taskId}` });
  });

  it('2025-11-25: the same, for tasks/get', async () => {
    const { taskId } = await create2025({});
    const get = () => post2025(url, 'tasks/get', { taskId }, ALICE);
    for (let task = (await get()).json.result; task?.status !== 'completed'; task = (await get()).json.result) await sleep(20);
    await sleep(TTL_MS + 100);
    expect((await get()).json.error).toMatchObject({ code: -32602 });
  });
});
