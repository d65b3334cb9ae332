// The task listeners on their own (src/mcp/core/tasks/listen.ts), over a TaskStore on the in-process record
// store: a listen whose task's record is gone (expired, or lost with Redis and its runner) ends after two
// looks that find nothing, so it holds nothing for ever; the listens one process holds are bounded.
import { DEFAULT_TASK_LIMITS } from '../../../../src/mcp/core/tasks';
import { createTaskListeners } from '../../../../src/mcp/core/tasks/listen';
import type { TaskRecord } from '../../../../src/mcp/core/tasks/record';
import { TaskStore } from '../../../../src/mcp/core/tasks/store';
import { RecordStore } from '../../../../src/sessions/records';

const CAPABILITIES = { 'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } } };

function setUp() {
  const records = new RecordStore();
  const store = new TaskStore(
    { putRecord: (key, value, ttlMs) => Promise.resolve(records.put(key, value, ttlMs)), getRecord: (key) => Promise.resolve(records.get(key)) },
    { ...DEFAULT_TASK_LIMITS, leaseMs: 20 },
  );
  const record: TaskRecord = { id: 't1', owner: 'alice', tool: 'x', era: 'modern', status: 'working', createdAt: '', lastUpdatedAt: '', ttlMs: 60_000, pollIntervalMs: 1_000, lease: Date.now() + 60_000 };
  return { records, store, record };
}

function contextOf(sent: Array<{ method?: string; params?: Record<string, unknown> }>) {
  return { headers: {}, signal: new AbortController().signal, notify: (message: object) => void sent.push(message) };
}

describe('task listeners', () => {
  it('a listen whose task record is gone ends after two looks find nothing', async () => {
    const { records, store, record } = setUp();
    await store.put(record);
    const listeners = createTaskListeners(store);
    const sent: Array<{ method?: string; params?: Record<string, unknown> }> = [];
    const listening = listeners.listen({ notifications: { taskIds: ['t1'] }, _meta: CAPABILITIES }, contextOf(sent), 1, 'alice');
    while (sent.length < 2) await new Promise((resolve) => setImmediate(resolve));
    records.put('task:t1', '', 1); // gone: expires at once
    await expect(listening).resolves.toEqual({ _meta: { 'io.modelcontextprotocol/subscriptionId': 1 } });
    expect(sent.map((message) => message.method)).toEqual(['notifications/subscriptions/acknowledged', 'notifications/tasks']);
  });

  it('the listens of one process are bounded: one past the bound is refused with -32002', async () => {
    const { store, record } = setUp();
    await store.put(record);
    const listeners = createTaskListeners(store, { maxIdsPerListen: 20, maxPerCaller: 4, maxOpen: 1 });
    const controller = new AbortController();
    const first = listeners.listen({ notifications: { taskIds: ['t1'] }, _meta: CAPABILITIES }, { ...contextOf([]), signal: controller.signal }, 1, 'alice');
    await expect(listeners.listen({ notifications: { taskIds: ['t1'] }, _meta: CAPABILITIES }, contextOf([]), 2, 'bob')).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/^Too many open subscriptions;/) });
    controller.abort();
    await first;
  });
});
