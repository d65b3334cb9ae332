// Tasks on /mcp (2026-07-28) as the requesters a host would use drive them: the SDK v2 client and the
// official @modelcontextprotocol/ext-tasks package (ESM only: loaded with `await import()`).
//
// The SDK v2 client (2.4) connects, reads the extension in server/discover, and sends tasks/get,
// tasks/update and tasks/cancel through its public `request()` with a result schema. It cannot take the
// answer that creates a task: its 2026-07-28 codec refuses any resultType but `complete` and
// `input_required` before a schema is consulted (UNSUPPORTED_RESULT_TYPE), so that one call is posted as
// the wire form, with the same credentials. ext-tasks says the same of the SDK ("SDK wire codecs reject
// V2 task traffic") and takes the host's own dispatch for `tools/call` and `tasks/*` in this era; given
// one, its session calls the tool, follows the task, answers its question and cancels it.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/logger';
import { createToolServer, type ToolServer } from '../../../src/server';
import { MODERN, post2026 } from '../../support/mcp-post';
import { finish, gate, hold, taskTools } from '../../support/task-tools';

const TASKS_ID = 'io.modelcontextprotocol/tasks';
const CAPABILITIES = { extensions: { [TASKS_ID]: {} }, elicitation: { form: {} } };
const ALICE = { authorization: 'Bearer alice' };
const CLIENT_INFO = { name: 'requester-test', version: '1.0.0' };

let server: ToolServer;
let url: string;
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CUSTOMER_API_URL: 'http://127.0.0.1:9' });
  server = createToolServer({
    config,
    customerApiUrl: 'http://127.0.0.1:9',
    logger: createLogger({ level: 'silent' }),
    tools: taskTools,
    info: { name: 'tasks', version: '0' },
    taskLimits: { maxPerCaller: 5, pollIntervalMs: 50 },
  });
  url = await server.listen(0, '127.0.0.1');
});
afterAll(async () => {
  finish();
  await server.shutdown();
});

/** An SDK v2 client pinned to 2026-07-28 that declared the extension, with Alice's credentials. */
async function connectV2(): Promise<Client> {
  const client = new Client(CLIENT_INFO, { capabilities: CAPABILITIES, versionNegotiation: { mode: { pin: MODERN } } } as never);
  client.setRequestHandler('elicitation/create', () => ({ action: 'decline' }));
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: ALICE } }));
  return client;
}

const TaskSchema = z.looseObject({ taskId: z.string(), status: z.string(), statusMessage: z.string().optional(), inputRequests: z.record(z.string(), z.unknown()).optional(), result: z.unknown().optional() });
const Empty = z.looseObject({});

async function poll(client: Client, taskId: string, done: (task: z.infer<typeof TaskSchema>) => boolean): Promise<z.infer<typeof TaskSchema>> {
  for (;;) {
    const task = await client.request({ method: 'tasks/get', params: { taskId } }, TaskSchema);
    if (done(task)) return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the SDK v2 client as the requester', () => {
  it('sees the extension, is refused the task answer by its own codec, and drives tasks/get, tasks/update and tasks/cancel', async () => {
    const client = await connectV2();
    try {
      expect(client.getServerCapabilities()?.extensions?.[TASKS_ID]).toEqual({});
      // The creating answer: the client's codec refuses it (2.4); the server made the task all the same.
      finish();
      await expect(client.callTool({ name: 'slow_export', arguments: {} })).rejects.toMatchObject({ code: 'UNSUPPORTED_RESULT_TYPE' });

      const asked = await post2026(url, 'tools/call', { name: 'ask_in_task', arguments: {} }, { capabilities: CAPABILITIES, headers: ALICE });
      const questionId = asked.json.result!.taskId as string;
      const asking = await poll(client, questionId, (task) => task.status === 'input_required');
      expect(Object.keys(asking.inputRequests ?? {})).toEqual(['q1']);
      await client.request({ method: 'tasks/update', params: { taskId: questionId, inputResponses: { q1: { action: 'accept', content: { name: 'Ada' } } } } } as never, Empty);
      const answered = await poll(client, questionId, (task) => task.status === 'completed');
      expect(answered.result).toMatchObject({ content: [{ type: 'text', text: 'Hello Ada' }] });

      hold();
      const aborted = gate.aborted;
      const slow = await post2026(url, 'tools/call', { name: 'slow_export', arguments: { label: 'Q3' } }, { capabilities: CAPABILITIES, headers: ALICE });
      const slowId = slow.json.result!.taskId as string;
      await poll(client, slowId, (task) => task.statusMessage === 'Read 1 of 3 pages');
      await client.request({ method: 'tasks/cancel', params: { taskId: slowId } }, Empty);
      expect((await poll(client, slowId, (task) => task.status !== 'working')).status).toBe('cancelled');
      expect(gate.aborted).toBe(aborted + 1);
    } finally {
      finish();
      await client.close();
    }
  });
});
