// Task status notifications across two replicas over Redis (docs/tasks.md): a client listens on B for a task
// that runs on A; the question A's task asks and, once the answer given on B reached A, the end of the task
// arrive on B's stream as `notifications/tasks`. The lease here is a minute, so no listener re-reads a record within
// the test: what arrives came by the bus's announcement.
import { post2026 } from '../../support/mcp-post';
import type { Replica } from '../../support/processes';
import { startReplicaPair, type ReplicaPair } from '../../support/replica-pair';
import { listen, TASKS_AND_FORMS } from '../../support/task-listen';

const ALICE = { authorization: 'Bearer alice' };

let a: Replica;
let b: Replica;
let pair: ReplicaPair;
beforeAll(async () => {
  pair = await startReplicaPair({ REDIS_PREFIX: 'listen:', TASK_LEASE_MS: '60000', FIXTURE_TASK_POLL_MS: '100' });
  ({ a, b } = pair);
}, 60_000);
afterAll(() => pair?.stop());

describe('task status notifications across replicas over Redis', () => {
  it("a listen on B follows A's task: input_required, then completed with A's result once B's answer reached it", async () => {
    const created = await post2026(a.url, 'tools/call', { name: 'asks_in_task', arguments: {} }, { capabilities: TASKS_AND_FORMS, headers: ALICE });
    const taskId = created.json.result!.taskId as string;
    const stream = await listen(b.url, { taskIds: [taskId] }, ALICE);
    expect(await stream.next()).toMatchObject({ method: 'notifications/subscriptions/acknowledged', params: { notifications: { taskIds: [taskId] } } });
    let note = await stream.next();
    if (note.params?.status === 'working') note = await stream.next(); // listened before A asked
    expect(note.params).toMatchObject({ taskId, status: 'input_required', inputRequests: { q1: { method: 'elicitation/create' } } });
    await post2026(b.url, 'tasks/update', { taskId, inputResponses: { q1: { action: 'accept', content: { org: 'acme' } } } }, { headers: ALICE });
    // B reads the record when it hears of a change: a `working` quickly followed by the end arrives as the end.
    let done = await stream.next();
    if (done.params?.status === 'working') done = await stream.next();
    expect(done.params).toMatchObject({ taskId, status: 'completed' });
    expect(JSON.stringify(done.params!.result)).toContain(`org=acme pid=${a.child.pid}`);
    expect((await stream.next()).result).toMatchObject({ resultType: 'complete' });
  });
});
