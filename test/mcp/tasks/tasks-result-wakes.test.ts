// 2025-11-25 tasks/result wakes on the task's change, not on a poll: with the poll interval and the lease
// (its fallback bound) both at 60 s, the SDK v1 client's tasks/result gets the task's question and, once it
// answered, the result, long before either would elapse. In one process (memory) and across two replicas
// over Redis (the task runs on A, tasks/result waits on B).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createLogger } from '../../../src/logger';
import { openRedisConnections, RedisBus } from '../../../src/sessions/redis';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../../support/redis';
import { startTaskServer } from '../../support/task-tools';

/** Far past the test's own timeout: a tasks/result that waited for either would fail the test. */
const LONG = { pollIntervalMs: 60_000, leaseMs: 60_000 };
const TEST_TIMEOUT_MS = 20_000;
const prefix = uniquePrefix();
const logger = createLogger({ level: 'silent' });

const open: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const opened of open.splice(0).reverse()) await opened.close();
  await deleteKeys(SHARED_REDIS_URL, prefix);
});

async function server(bus?: Parameters<typeof startTaskServer>[1]): Promise<string> {
  const started = await startTaskServer(LONG, bus);
  open.push({ close: started.stop });
  return started.url;
}

const onRedis = () => (calls: ConstructorParameters<typeof RedisBus>[0]['calls']) =>
  new RedisBus({ connections: openRedisConnections({ url: SHARED_REDIS_URL, logger, name: `${prefix}wakes` }), calls, logger, prefix, sessionTtlMs: 15_000, refreshMs: 5_000 });

/** An SDK v1 client of `url` that answers every question with the name Ada, and records that it was asked. */
async function connect(url: string, asked: string[]): Promise<Client> {
  const client = new Client({ name: 'v1-result-wakes', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { name: 'Ada' } };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: 'Bearer alice' } } }));
  open.push(client);
  return client;
}

/** Creates ask_in_task through `creating`, then waits on its tasks/result through `waiting`. */
async function askAndWait(creating: Client, waiting: Client, asked: string[]): Promise<string> {
  const created = await creating.request({ method: 'tools/call', params: { name: 'ask_in_task', arguments: {}, task: {} } }, CreateTaskResultSchema);
  expect(created.task.pollInterval).toBe(60_000);
  const result = await waiting.experimental.tasks.getTaskResult(created.task.taskId, CallToolResultSchema);
  expect(asked).toEqual(['Which name?']);
  return (result.content as Array<{ text: string }>)[0]!.text;
}

describe('2025-11-25 tasks/result', () => {
  it('in one process: wakes on the question and on the end, long before its 60 s fallback', async () => {
    const url = await server();
    const asked: string[] = [];
    const client = await connect(url, asked);
    expect(await askAndWait(client, client, asked)).toBe('Hello Ada');
  }, TEST_TIMEOUT_MS);

  it("over Redis: tasks/result on B wakes on A's status writes, long before its 60 s fallback", async () => {
    const [a, b] = [await server(onRedis()), await server(onRedis())];
    const asked: string[] = [];
    expect(await askAndWait(await connect(a, asked), await connect(b, asked), asked)).toBe('Hello Ada');
  }, TEST_TIMEOUT_MS);
});
