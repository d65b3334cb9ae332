// A task's record expires: kept for the server's TTL after its last change, unless a
// 2025-11-25 client asks for another within bounds (at least a minute, at most the ceiling); once gone,
// tasks/get answers "Task not found" as for an unknown task, in both eras.
import { post2025, post2026 } from '../../support/mcp-post';
import { finish, startTaskServer } from '../../support/task-tools';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
const ALICE = { authorization: 'Bearer alice' };
// Long beside a loaded machine's pauses: the task must be seen completed before its TTL has passed.
const TTL_MS = 2_000;
const CEILING_MS = 120_000;

let server: Awaited<ReturnType<typeof startTaskServer>>;
let url: string;
beforeAll(async () => {
  finish();
  server = await startTaskServer({ ttlMs: TTL_MS, maxTtlMs: CEILING_MS, pollIntervalMs: 20 });
  url = server.url;
});
afterAll(() => server.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until the task is completed; a task gone before that fails here, naming the answer. */
async function completed(get: () => Promise<{ json: { result?: Record<string, unknown>; error?: unknown } }>): Promise<void> {
  for (;;) {
    const { result, error } = (await get()).json;
    if (error !== undefined) throw new Error(`the task was gone before it was seen completed: ${JSON.stringify(error)}`);
    if (result?.status === 'completed') return;
    await sleep(20);
  }
}
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
    await completed(get);
    await sleep(TTL_MS + 100);
    expect((await get()).json.error).toMatchObject({ code: -32602, message: `Task not found: ${taskId}` });
  });

  it('2025-11-25: the same, for tasks/get', async () => {
    const { taskId } = await create2025({});
    const get = () => post2025(url, 'tasks/get', { taskId }, ALICE);
    await completed(get);
    await sleep(TTL_MS + 100);
    expect((await get()).json.error).toMatchObject({ code: -32602 });
  });
});
