// Tasks with WORKERS=2 and no Redis (docs/tasks.md): the records live in the cluster's primary, so every
// worker answers for a task whichever one runs it; tasks/cancel reaches the running worker through the
// primary (and a listen on either worker hears it); a question is answered through either worker; a worker killed mid-task leaves its task failed with a
// sentence once its lease lapses.
import { request } from 'node:http';
import { killAll, startReplica, type Replica } from '../support/processes';
import { startRecordingApi, type RecordingApi } from '../support/recording-api';
import { listen, TASKS_AND_FORMS } from '../support/task-listen';

const ALICE = { authorization: 'Bearer alice' };
const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
  'io.modelcontextprotocol/clientInfo': { name: 'cluster-tasks', version: '1' },
};
const RUNNER_GONE = 'The server running this task stopped before it finished. Start the task again.';

let api: RecordingApi;
let cluster: Replica;
beforeAll(async () => {
  api = await startRecordingApi();
  cluster = await startReplica({ WORKERS: '2', CUSTOMER_API_URL: api.url, TASK_LEASE_MS: '2000', FIXTURE_TASK_POLL_MS: '100', SHUTDOWN_GRACE_MS: '1000' });
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  killAll();
  await api?.close();
});

type Answer = { result?: Record<string, unknown>; error?: { code: number; message: string } };

/** A 2026-07-28 request on a connection of its own: node:cluster hands new connections to the workers in turn. */
function post(method: string, params: Record<string, unknown>, name?: string, meta: Record<string, unknown> = META): Promise<Answer> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } });
  return new Promise((resolve, reject) => {
    const req = request(
      `${cluster.url}/mcp`,
      {
        method: 'POST',
        agent: false,
        headers: { ...ALICE, 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve(JSON.parse(text) as Answer));
      },
    );
    // A connection the primary hands to a worker it has not yet seen die is never served: given up on.
    req.setTimeout(3_000, () => req.destroy(new Error('no answer on this connection')));
    req.on('error', reject);
    req.end(body);
  });
}

const get = (taskId: string) => post('tasks/get', { taskId }, taskId);

async function until(taskId: string, done: (task: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (;;) {
    const task = (await get(taskId).catch(() => undefined))?.result;
    if (task && done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function start(): Promise<{ taskId: string; pid: number }> {
  const created = await post('tools/call', { name: 'slow_task', arguments: { ms: 600_000 } }, 'slow_task');
  expect(created.result).toMatchObject({ resultType: 'task', status: 'working' });
  const taskId = created.result!.taskId as string;
  const running = await until(taskId, (task) => typeof task.statusMessage === 'string');
  return { taskId, pid: Number(/running in (\d+)/.exec(String(running.statusMessage))![1]) };
}

describe('tasks with WORKERS=2', () => {
  it('every worker answers for a task, and tasks/cancel from any worker stops it', async () => {
    const { taskId } = await start();
    // Fresh connections alternate between the two workers: each finds the task in the primary.
    const reads = await Promise.all(Array.from({ length: 6 }, () => get(taskId)));
    for (const read of reads) expect(read.result).toMatchObject({ taskId, status: 'working' });
    expect((await post('tasks/cancel', { taskId }, taskId)).result).toMatchObject({ resultType: 'complete' });
    expect((await until(taskId, (task) => task.status !== 'working')).status).toBe('cancelled');
  });

  it('a listen on either worker hears the task cancelled, wherever it ran (announced through the primary)', async () => {
    const { taskId } = await start();
    const stream = await listen(cluster.url, { taskIds: [taskId] }, ALICE, TASKS_AND_FORMS);
    expect((await stream.next()).params).toMatchObject({ notifications: { taskIds: [taskId] } });
    expect((await stream.next()).params).toMatchObject({ taskId, status: 'working' });
    await post('tasks/cancel', { taskId }, taskId);
    expect((await stream.next()).params).toMatchObject({ taskId, status: 'cancelled' });
  });

  it("a question inside a task is answered with tasks/update on a fresh connection, whichever worker takes it", async () => {
    const meta = { ...META, 'io.modelcontextprotocol/clientCapabilities': TASKS_AND_FORMS };
    const created = await post('tools/call', { name: 'asks_in_task', arguments: {} }, 'asks_in_task', meta);
    const taskId = created.result!.taskId as string;
    const asking = await until(taskId, (task) => task.status === 'input_required');
    const [key] = Object.keys(asking.inputRequests as object);
    expect((await post('tasks/update', { taskId, inputResponses: { [key!]: { action: 'accept', content: { org: 'acme' } } } }, taskId)).result).toMatchObject({ resultType: 'complete' });
    const done = await until(taskId, (task) => task.status === 'completed');
    expect(JSON.stringify(done.result)).toMatch(/org=acme pid=\d+/);
  });

  it('a worker killed mid-task leaves its task failed with a sentence once its lease lapses', async () => {
    const { taskId, pid } = await start();
    process.kill(pid, 'SIGKILL');
    const failed = await until(taskId, (task) => task.status !== 'working');
    expect(failed).toMatchObject({ status: 'failed', statusMessage: RUNNER_GONE });
  });
});
