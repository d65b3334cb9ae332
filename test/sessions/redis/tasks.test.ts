// Tasks across two replicas over Redis (docs/tasks.md): a task created on A is read, answered and cancelled
// through B (a 2025-11-25 task's question is put on B's tasks/result stream, and answered through A); a replica killed mid-task leaves its task failed with a sentence once its lease lapses, one
// stopped by SIGTERM lets it finish within its grace and fails it at the end of it; Redis out of reach while a task is polled is 503 with
// Retry-After, the running task's record is written again once Redis is back, and one that ended meanwhile is found completed.
import { post2025, post2026, type Posted } from '../../support/mcp-post';
import { startReplica, type RedisServer, type Replica } from '../../support/processes';
import { startReplicaPair, type ReplicaPair } from '../../support/replica-pair';
import { postAnswer, postStreaming } from '../../support/mcp-stream';
import { listen } from '../../support/task-listen';

const ALICE = { authorization: 'Bearer alice' };
const BOB = { authorization: 'Bearer bob' };
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} }, elicitation: { form: {} } };
const RUNNER_GONE = 'The server running this task stopped before it finished. Start the task again.';

let redis: RedisServer;
let a: Replica;
let b: Replica;
let env: Record<string, string>;
let pair: ReplicaPair;
beforeAll(async () => {
  pair = await startReplicaPair({ REDIS_PREFIX: 'tasks:', TASK_LEASE_MS: '2000', FIXTURE_TASK_POLL_MS: '100', SHUTDOWN_GRACE_MS: '1000' });
  ({ redis, a, b, env } = pair);
}, 60_000);
afterAll(() => pair?.stop());

const create = (replica: Replica, name: string, args: Record<string, unknown>) =>
  post2026(replica.url, 'tools/call', { name, arguments: args }, { capabilities: TASKS, headers: ALICE });
const get = (replica: Replica, taskId: string, headers = ALICE) => post2026(replica.url, 'tasks/get', { taskId }, { headers });

async function until(replica: Replica, taskId: string, done: (task: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (;;) {
    const answer: Posted = await get(replica, taskId);
    const task = answer.json.result;
    if (task && done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function idOf(answer: Posted): string {
  expect(answer.json.error).toBeUndefined();
  expect(answer.json.result).toMatchObject({ resultType: 'task', status: 'working' });
  return answer.json.result!.taskId as string;
}

describe('tasks across two replicas over Redis', () => {
  it('a task created on A is polled on B, and cancelled from B: the handler on A stops', async () => {
    const taskId = idOf(await create(a, 'slow_task', { ms: 600_000 }));
    const working = await until(b, taskId, (task) => task.statusMessage === `running in ${a.child.pid}`);
    expect(working.status).toBe('working');
    expect((await get(b, taskId, BOB)).json.error).toMatchObject({ code: -32602, message: `Task not found: ${taskId}` });
    expect((await post2026(b.url, 'tasks/cancel', { taskId }, { headers: ALICE })).json.result).toMatchObject({ resultType: 'complete' });
    expect((await until(a, taskId, (task) => task.status !== 'working')).status).toBe('cancelled');
  });

  it("a question inside A's task is answered with tasks/update on B", async () => {
    const taskId = idOf(await create(a, 'asks_in_task', {}));
    const asking = await until(b, taskId, (task) => task.status === 'input_required');
    expect(Object.keys(asking.inputRequests as object)).toEqual(['q1']);
    await post2026(b.url, 'tasks/update', { taskId, inputResponses: { q1: { action: 'accept', content: { org: 'acme' } } } }, { headers: ALICE });
    const done = await until(b, taskId, (task) => task.status === 'completed');
    expect(JSON.stringify(done.result)).toContain(`org=acme pid=${a.child.pid}`);
  });

  it("2025-11-25: tasks/result on B waits for A's task and returns its result", async () => {
    const created = await post2025(a.url, 'tools/call', { name: 'slow_task', arguments: { ms: 300 }, task: {} }, ALICE);
    const taskId = (created.json.result as { task: { taskId: string } }).task.taskId;
    const result = await post2025(b.url, 'tasks/result', { taskId }, ALICE);
    expect(JSON.parse((result.json.result as { content: Array<{ text: string }> }).content[0]!.text)).toEqual({ pid: a.child.pid });
    expect((await post2025(b.url, 'tasks/list', {}, ALICE)).json.result?.tasks).toEqual(expect.arrayContaining([expect.objectContaining({ taskId, status: 'completed' })]));
    expect((await post2025(b.url, 'tasks/list', {}, BOB)).json.result?.tasks).toEqual([]);
  });

  it("2025-11-25: A's task asks on B's tasks/result stream; the answer POSTed to A reaches B's question and resumes the handler on A", async () => {
    const created = await post2025(a.url, 'tools/call', { name: 'asks_in_task', arguments: {}, task: {} }, ALICE);
    const taskId = (created.json.result as { task: { taskId: string } }).task.taskId;
    const stream = await postStreaming(b.url, { jsonrpc: '2.0', id: 9, method: 'tasks/result', params: { taskId } }, { ...ALICE, 'mcp-protocol-version': '2025-11-25' });
    const question = await stream.next();
    expect(question).toMatchObject({ method: 'elicitation/create', params: { message: 'Which organisation?', _meta: { 'io.modelcontextprotocol/related-task': { taskId } } } });
    expect((await postAnswer(a.url, { jsonrpc: '2.0', id: question.id, result: { action: 'accept', content: { org: 'acme' } } }, { ...ALICE, 'mcp-protocol-version': '2025-11-25' })).status).toBe(202);
    const [answer] = await stream.rest();
    expect(JSON.stringify(answer!.result)).toContain(`org=acme pid=${a.child.pid}`);
  });

  it('Redis out of reach while a task is polled: 503 with Retry-After; once back, the running task is found again', async () => {
    const taskId = idOf(await create(a, 'slow_task', { ms: 600_000 }));
    await until(b, taskId, (task) => task.status === 'working');
    await redis.stop();
    let answer: Posted;
    do answer = await get(b, taskId);
    while (answer.status !== 503);
    expect(answer.json.error).toMatchObject({ code: -32002, message: 'Cannot reach the task store right now; retry shortly' });
    expect(answer.retryAfter).toBe('1');
    await redis.restart(); // empty: the runner's next heartbeat writes the record again
    const back = await until(b, taskId, (task) => task.status === 'working');
    expect(back.statusMessage).toBe(`running in ${a.child.pid}`);
    await post2026(b.url, 'tasks/cancel', { taskId }, { headers: ALICE });
    await until(b, taskId, (task) => task.status === 'cancelled');
  });

  it('Redis out of reach when a task finishes: its result is written once Redis is back, nothing lost', async () => {
    const passed = 'slow_task: 5001 ms passed';
    const taskId = idOf(await create(a, 'slow_task', { ms: 5_001 }));
    await until(b, taskId, (task) => task.status === 'working');
    await redis.stop();
    let answer: Posted;
    do answer = await get(b, taskId);
    while (answer.status !== 503);
    // Still running once its store is out of reach; then it ends (A's line), and its record cannot be written.
    expect(a.output()).not.toContain(passed);
    await a.waitFor((output) => output.includes(passed), 'the task ending');
    expect((await get(b, taskId)).status).toBe(503);
    await redis.restart();
    const done = await until(b, taskId, (task) => task.status !== 'working');
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ text: JSON.stringify({ pid: a.child.pid }) }] } });
  });

  it('a replica killed mid-task leaves its task failed with a sentence once its lease lapses, never working for ever', async () => {
    const c = await startReplica(env);
    const taskId = idOf(await create(c, 'slow_task', { ms: 600_000 }));
    await until(b, taskId, (task) => task.statusMessage === `running in ${c.child.pid}`);
    await c.stop('SIGKILL');
    const failed = await until(b, taskId, (task) => task.status !== 'working');
    expect(failed).toMatchObject({ status: 'failed', statusMessage: RUNNER_GONE, error: { message: RUNNER_GONE } });
  });

  it("a listen on B to a task of a replica killed mid-task gets it failed once the lease lapses (the listener reads it again)", async () => {
    const c = await startReplica(env);
    const taskId = idOf(await create(c, 'slow_task', { ms: 600_000 }));
    await until(b, taskId, (task) => task.statusMessage === `running in ${c.child.pid}`);
    const stream = await listen(b.url, { taskIds: [taskId] }, ALICE);
    await stream.next(); // the acknowledgement
    expect((await stream.next()).params).toMatchObject({ taskId, status: 'working' });
    await c.stop('SIGKILL');
    expect((await stream.next()).params).toMatchObject({ taskId, status: 'failed', statusMessage: RUNNER_GONE });
  });

  it('a replica stopped by SIGTERM fails its running task with a sentence at the end of its grace', async () => {
    const c = await startReplica(env);
    const taskId = idOf(await create(c, 'slow_task', { ms: 600_000 }));
    await until(b, taskId, (task) => task.statusMessage === `running in ${c.child.pid}`);
    expect(await c.stop('SIGTERM')).toBe(0);
    const failed = await until(b, taskId, (task) => task.status !== 'working');
    expect(failed.status).toBe('failed');
    expect(failed.statusMessage).toMatch(/restarting and stopped this call before it finished/);
  });

  it('a replica stopped by SIGTERM lets a task that ends within its grace finish: completed, read on B', async () => {
    // A grace of its own, long beside the task, so a loaded machine cannot make the task outlive it.
    const c = await startReplica({ ...env, SHUTDOWN_GRACE_MS: '20000' });
    const passed = 'slow_task: 3002 ms passed';
    const taskId = idOf(await create(c, 'slow_task', { ms: 3_002 }));
    expect(await until(b, taskId, (task) => task.statusMessage === `running in ${c.child.pid}`)).toMatchObject({ status: 'working' });
    expect(c.output()).not.toContain(passed);
    expect(await c.stop('SIGTERM')).toBe(0);
    // It ended after the signal, in the grace (its line is in the log), and its result was stored.
    expect(c.output()).toMatch(/shutdown requested[\s\S]*slow_task: 3002 ms passed/);
    const done = await until(b, taskId, (task) => task.status !== 'working');
    expect(done).toMatchObject({ status: 'completed', result: { content: [{ text: JSON.stringify({ pid: c.child.pid }) }] } });
  });
});
