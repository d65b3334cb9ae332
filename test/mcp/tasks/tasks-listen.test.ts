// Task status notifications through subscriptions/listen (the Tasks extension, 2026-07-28), in one process on
// the memory bus: a listen naming the caller's task is acknowledged with it, gets what tasks/get answers at
// once, a `notifications/tasks` on each status change, and its result when the task ends (the stream then
// closes). Another caller's task is not acknowledged; a client that did not declare the extension gets
// -32021; the listens one caller may hold open are bounded.
import { post2026 } from '../../support/mcp-post';
import { listen as listenOn, SUBSCRIPTION, TASKS_AND_FORMS as TASKS } from '../../support/task-listen';
import { finish, hold, startTaskServer } from '../../support/task-tools';

const ALICE = { authorization: 'Bearer alice' };
const BOB = { authorization: 'Bearer bob' };

let server: Awaited<ReturnType<typeof startTaskServer>>;
let url: string;
beforeAll(async () => {
  server = await startTaskServer();
  url = server.url;
});
afterAll(() => server.stop());

async function start(name: string): Promise<string> {
  const answer = await post2026(url, 'tools/call', { name, arguments: {} }, { capabilities: TASKS, headers: ALICE });
  expect(answer.json.result).toMatchObject({ resultType: 'task', status: 'working' });
  return answer.json.result!.taskId as string;
}

const listen = (notifications: Record<string, unknown>, headers = ALICE, capabilities: Record<string, unknown> = TASKS, id = 7) => listenOn(url, notifications, headers, capabilities, id);

describe('task status notifications through subscriptions/listen', () => {
  it("a listen naming the caller's task gets each status change, then the result, then the end of the stream", async () => {
    hold();
    const taskId = await start('slow_export');
    const stream = await listen({ taskIds: [taskId, 'no-such-task'] });
    expect(stream.contentType).toContain('text/event-stream');
    const ack = await stream.next();
    expect(ack).toMatchObject({ method: 'notifications/subscriptions/acknowledged', params: { notifications: { taskIds: [taskId] }, _meta: { [SUBSCRIPTION]: 7 } } });
    expect(await stream.next()).toMatchObject({ method: 'notifications/tasks', params: { taskId, status: 'working', _meta: { [SUBSCRIPTION]: 7 } } });
    finish();
    const done = await stream.next();
    expect(done).toMatchObject({ method: 'notifications/tasks', params: { taskId, status: 'completed', ttlMs: 3_600_000, pollIntervalMs: 50 } });
    // Identical to what tasks/get answers now (but for the stamp of the answer itself).
    const polled = (await post2026(url, 'tasks/get', { taskId }, { headers: ALICE })).json.result!;
    const { _meta: _polledMeta, resultType: _type, ...task } = polled;
    const { _meta: _notifiedMeta, ...notified } = done.params!;
    expect(notified).toEqual(task);
    expect(await stream.next()).toMatchObject({ id: 7, result: { resultType: 'complete', _meta: { [SUBSCRIPTION]: 7 } } });
    await expect(stream.next()).rejects.toThrow('the stream ended');
  });

  it('a question turns the task input_required on the stream, with the question, and the answer back to working', async () => {
    const taskId = await start('ask_in_task');
    const stream = await listen({ taskIds: [taskId] });
    await stream.next(); // the acknowledgement
    let note = await stream.next();
    if (note.params?.status === 'working') note = await stream.next();
    expect(note.params).toMatchObject({ status: 'input_required', inputRequests: { q1: { method: 'elicitation/create' } } });
    await post2026(url, 'tasks/update', { taskId, inputResponses: { q1: { action: 'accept', content: { name: 'Ada' } } } }, { headers: ALICE });
    const statuses: string[] = [];
    for (;;) {
      const next = await stream.next();
      if (next.method !== 'notifications/tasks') break;
      statuses.push(next.params!.status as string);
      if (next.params!.status === 'completed') expect(JSON.stringify(next.params!.result)).toContain('Hello Ada');
    }
    // The record is read when a change is heard: a `working` quickly followed by the end may arrive as the end.
    expect(statuses.at(-1)).toBe('completed');
  });

  it("another caller's task is not acknowledged, and the listen ends at once", async () => {
    hold();
    const taskId = await start('slow_export');
    const stream = await listen({ taskIds: [taskId] }, BOB);
    const messages = await stream.rest();
    expect(messages.map((message) => message.method ?? 'answer')).toEqual(['notifications/subscriptions/acknowledged', 'answer']);
    expect(messages[0]!.params).toMatchObject({ notifications: { taskIds: [] } });
    finish();
  });

  it('a client that did not declare the extension gets -32021 naming it', async () => {
    const stream = await listen({ taskIds: ['x'] }, ALICE, {});
    const [answer] = await stream.rest();
    expect(answer!.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } } });
  });

  it('a caller holds at most four listens open; the fifth is refused with a sentence', async () => {
    hold();
    const taskId = await start('slow_export');
    const open = await Promise.all([1, 2, 3, 4].map((id) => listen({ taskIds: [taskId] }, ALICE, TASKS, id)));
    await Promise.all(open.map(async (stream) => (await stream.next()).method));
    const [refused] = await (await listen({ taskIds: [taskId] }, ALICE, TASKS, 5)).rest();
    expect(refused!.error).toMatchObject({ code: -32002, message: expect.stringContaining('Too many open subscriptions for this caller') });
    finish();
    await Promise.all(open.map((stream) => stream.rest()));
  });
});
