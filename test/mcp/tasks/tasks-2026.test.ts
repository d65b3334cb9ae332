// Tasks on /mcp in the 2026-07-28 era (the Tasks extension, SEP-2663), in one process on the memory bus:
// a tool that declares `task` answers a client that declared the extension with a task handle; tasks/get
// polls it (status message, poll interval, result), tasks/update answers its question, tasks/cancel aborts
// its handler. Clients that did not declare the extension, and tools that did not opt in, get the plain
// result. Another caller's task is "not found". Bad input gets a JSON-RPC error.
import { post2026, type Posted } from '../../support/mcp-post';
import { finish, gate, hold, startTaskServer } from '../../support/task-tools';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
const ALICE = { authorization: 'Bearer alice' };
const BOB = { authorization: 'Bearer bob' };

let server: Awaited<ReturnType<typeof startTaskServer>>;
let url: string;
beforeAll(async () => {
  server = await startTaskServer({ maxPerCaller: 3 });
  url = server.url;
});
afterAll(() => server.stop());

const call = (name: string, headers = ALICE, capabilities: Record<string, unknown> = TASKS, args: Record<string, unknown> = {}) =>
  post2026(url, 'tools/call', { name, arguments: args }, { capabilities, headers });
const get = (taskId: string, headers = ALICE) => post2026(url, 'tasks/get', { taskId }, { headers });

/** Polls tasks/get (as a client does, at the interval the task names) until `done` holds. */
async function until(taskId: string, done: (task: Record<string, unknown>) => boolean, headers = ALICE): Promise<Record<string, unknown>> {
  for (;;) {
    const answer = await get(taskId, headers);
    const task = answer.json.result!;
    if (done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, Number(task.pollIntervalMs ?? 50)));
  }
}

function taskOf(answer: Posted): string {
  expect(answer.json.result).toMatchObject({ resultType: 'task', status: 'working' });
  return answer.json.result!.taskId as string;
}

describe('the 2026-07-28 Tasks extension on /mcp', () => {
  it('server/discover advertises the extension', async () => {
    const answer = await post2026(url, 'server/discover');
    expect(answer.json.result?.capabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/tasks': {} } });
  });

  it('a task tool answers a client that declared the extension with a task; tasks/get polls it to its result', async () => {
    hold();
    const created = await call('slow_export', ALICE, TASKS, { label: 'Q3' });
    expect(created.json.result).toMatchObject({ resultType: 'task', status: 'working', pollIntervalMs: 50 });
    expect(typeof created.json.result?.ttlMs).toBe('number');
    const taskId = taskOf(created);
    const working = await until(taskId, (task) => task.statusMessage === 'Read 1 of 3 pages');
    expect(working).toMatchObject({ resultType: 'complete', status: 'working', taskId });
    finish();
    const done = await until(taskId, (task) => task.status !== 'working');
    expect(done).toMatchObject({ status: 'completed', result: { resultType: 'complete', content: [{ type: 'text', text: 'Exported Q3' }] } });
  });

  it('a client that did not declare the extension gets the plain result, and a tool that did not opt in never becomes a task', async () => {
    finish();
    expect((await call('slow_export', ALICE, {})).json.result).toMatchObject({ resultType: 'complete', content: [{ text: 'Exported everything' }] });
    expect((await call('plain_tool')).json.result).toMatchObject({ resultType: 'complete', content: [{ text: 'plain answer' }] });
    // A caller without credentials could own no task: inline too.
    expect((await call('slow_export', {} as typeof ALICE)).json.result).toMatchObject({ resultType: 'complete', content: [{ text: 'Exported everything' }] });
  });

  it("another caller's task is not found, as an unknown one is", async () => {
    finish();
    const taskId = taskOf(await call('slow_export'));
    const foreign = await get(taskId, BOB);
    const unknown = await get('no-such-task', BOB);
    expect(foreign.json.error).toMatchObject({ code: -32602 });
    expect(foreign.json.error?.message).toBe(`Task not found: ${taskId}`);
    expect(unknown.json.error).toMatchObject({ code: -32602, message: 'Task not found: no-such-task' });
    expect((await post2026(url, 'tasks/cancel', { taskId }, { headers: BOB })).json.error).toMatchObject({ code: -32602 });
  });

  it('a question inside a task turns it input_required; tasks/update answers it and the task completes', async () => {
    const taskId = taskOf(await call('ask_in_task', ALICE, { ...TASKS, elicitation: { form: {} } }));
    const asking = await until(taskId, (task) => task.status === 'input_required');
    expect(asking.inputRequests).toEqual({ q1: { method: 'elicitation/create', params: expect.objectContaining({ message: 'Which name?' }) } });
    // Only the caller may answer; another's update finds no task.
    expect((await post2026(url, 'tasks/update', { taskId, inputResponses: { q1: { action: 'accept', content: { name: 'Mallory' } } } }, { headers: BOB })).json.error).toMatchObject({ code: -32602 });
    const updated = await post2026(url, 'tasks/update', { taskId, inputResponses: { q1: { action: 'accept', content: { name: 'Ada' } } } }, { headers: ALICE });
    expect(updated.json.result).toMatchObject({ resultType: 'complete' });
    const done = await until(taskId, (task) => task.status === 'completed');
    expect(done.result).toMatchObject({ content: [{ text: 'Hello Ada' }] });
  });

  it('a question in a task of a client without elicitation is answered unsupported, as inline', async () => {
    const taskId = taskOf(await call('ask_in_task'));
    const done = await until(taskId, (task) => task.status === 'completed');
    expect(done.result).toMatchObject({ content: [{ text: 'No name (unsupported)' }] });
  });

  it("tasks/cancel aborts the handler's signal and the task reads cancelled", async () => {
    hold();
    const aborted = gate.aborted;
    const taskId = taskOf(await call('slow_export'));
    await until(taskId, (task) => task.statusMessage === 'Read 1 of 3 pages');
    const cancelled = await post2026(url, 'tasks/cancel', { taskId }, { headers: ALICE });
    expect(cancelled.json.result).toMatchObject({ resultType: 'complete' });
    const done = await until(taskId, (task) => task.status !== 'working');
    expect(done.status).toBe('cancelled');
    expect(gate.aborted).toBe(aborted + 1);
    // Nothing left to cancel: a JSON-RPC error naming the status.
    expect((await post2026(url, 'tasks/cancel', { taskId }, { headers: ALICE })).json.error?.message).toContain('has already ended (cancelled)');
    finish();
  });

  it('a caller with the most tasks running is refused one more with a sentence the model can read; others are not', async () => {
    hold();
    const carol = { authorization: 'Bearer carol' };
    const ids = [taskOf(await call('slow_export', carol)), taskOf(await call('slow_export', carol)), taskOf(await call('slow_export', carol))];
    const refused = await call('slow_export', carol);
    expect(refused.json.result).toMatchObject({ resultType: 'complete', isError: true });
    expect(JSON.stringify(refused.json.result)).toContain('You already have 3 tasks running on this server');
    expect(taskOf(await call('slow_export', { authorization: 'Bearer dave' }))).toEqual(expect.any(String));
    finish();
    for (const id of ids) await until(id, (task) => task.status === 'completed', carol);
  });

  it('bad input gets a JSON-RPC error, never a crash', async () => {
    expect((await post2026(url, 'tasks/get', {}, { headers: ALICE })).json.error).toMatchObject({ code: -32602, message: 'params.taskId must be a string' });
    expect((await post2026(url, 'tasks/get', { taskId: 7 }, { headers: ALICE })).json.error).toMatchObject({ code: -32602 });
    expect((await post2026(url, 'tasks/update', { taskId: 'x', inputResponses: 'no' }, { headers: ALICE })).json.error).toMatchObject({ code: -32602 });
    // tasks/result and tasks/list are 2025-11-25 methods: not in the 2026-07-28 registry.
    expect((await post2026(url, 'tasks/list', {}, { headers: ALICE })).status).toBe(404);
  });
});
