// Tasks on /mcp in the 2025 era, as the SDK v1 client (1.32) speaks them: 2025-11-25's tasks in core.
// initialize advertises them, tools/list says which tools may run as tasks, the client's callToolStream
// creates one (params.task), polls tasks/get and reads tasks/result; tasks/list and tasks/cancel are scoped
// to the caller. A plain callTool of a task tool runs inline, as today. The hub's lane never sees a task.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, CreateTaskResultSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { post2025 } from '../../support/mcp-post';
import { finish, gate, hold, startTaskServer } from '../../support/task-tools';

let server: Awaited<ReturnType<typeof startTaskServer>>;
let url: string;
beforeAll(async () => {
  server = await startTaskServer();
  url = server.url;
});
afterAll(() => server.stop());

const clients: Client[] = [];
afterEach(async () => {
  finish();
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

async function connect(token: string, capabilities: Record<string, object> = {}): Promise<Client> {
  const client = new Client({ name: 'v1-tasks', version: '1.0.0' }, { capabilities });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  clients.push(client);
  return client;
}

describe('2025-11-25 tasks with the SDK v1 client', () => {
  it('initialize advertises tasks, and tools/list says which tools may run as one', async () => {
    const client = await connect('alice');
    expect(client.getServerCapabilities()).toMatchObject({ tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } });
    const tools = (await client.listTools()).tools;
    expect(tools.find((tool) => tool.name === 'slow_export')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.find((tool) => tool.name === 'plain_tool')).not.toHaveProperty('execution');
  });

  it('callToolStream creates a task, polls it and reads its result', async () => {
    const client = await connect('alice');
    await client.listTools();
    hold();
    const seen: string[] = [];
    let text = '';
    for await (const message of client.experimental.tasks.callToolStream({ name: 'slow_export', arguments: { label: 'all' } }, CallToolResultSchema, { task: { ttl: 120_000 } })) {
      seen.push(message.type === 'taskStatus' ? `status:${message.task.status}` : message.type);
      if (message.type === 'taskCreated') expect(message.task).toMatchObject({ status: 'working', ttl: 120_000, pollInterval: 50 });
      if (message.type === 'taskStatus' && message.task.statusMessage === 'Read 1 of 3 pages') finish();
      if (message.type === 'result') text = (message.result.content as Array<{ text: string }>)[0]!.text;
      if (message.type === 'error') throw message.error;
    }
    expect(seen[0]).toBe('taskCreated');
    expect(seen.at(-2)).toBe('status:completed');
    expect(seen.at(-1)).toBe('result');
    expect(text).toBe('Exported all');
  });

  it("tasks/list shows the caller's tasks only; tasks/cancel aborts one and another caller cannot", async () => {
    const alice = await connect('alice');
    const bob = await connect('bob');
    hold();
    const aborted = gate.aborted;
    const created = await alice.request({ method: 'tools/call', params: { name: 'slow_export', arguments: {}, task: {} } }, CreateTaskResultSchema);
    const taskId = created.task.taskId;
    expect((await alice.experimental.tasks.listTasks()).tasks.map((task) => task.taskId)).toContain(taskId);
    expect((await bob.experimental.tasks.listTasks()).tasks.map((task) => task.taskId)).not.toContain(taskId);
    await expect(bob.experimental.tasks.getTask(taskId)).rejects.toThrow(/Task not found/);
    await expect(bob.experimental.tasks.cancelTask(taskId)).rejects.toThrow(/Task not found/);
    expect(await alice.experimental.tasks.cancelTask(taskId)).toMatchObject({ taskId, status: 'cancelled' });
    for (;;) {
      const task = await alice.experimental.tasks.getTask(taskId);
      if (task.status !== 'working') {
        expect(task.status).toBe('cancelled');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, task.pollInterval ?? 50));
    }
    expect(gate.aborted).toBe(aborted + 1);
  });

  it("a question inside the task reaches the client on tasks/result's stream, with the task named; its answer resumes the handler", async () => {
    const client = await connect('alice', { elicitation: { form: {} } });
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    await client.listTools();
    const seen: string[] = [];
    let text = '';
    for await (const message of client.experimental.tasks.callToolStream({ name: 'ask_in_task', arguments: {} }, CallToolResultSchema)) {
      seen.push(message.type === 'taskStatus' ? `status:${message.task.status}` : message.type);
      if (message.type === 'result') text = (message.result.content as Array<{ text: string }>)[0]!.text;
      if (message.type === 'error') throw message.error;
    }
    expect(seen).toContain('status:input_required');
    expect(asked).toEqual([expect.objectContaining({ message: 'Which name?', _meta: { 'io.modelcontextprotocol/related-task': { taskId: expect.any(String) } } })]);
    expect(text).toBe('Hello Ada');
  });

  it('a client that cannot ask its user refuses the question: the handler gets unsupported and the task completes', async () => {
    const client = await connect('alice');
    await client.listTools();
    let text = '';
    for await (const message of client.experimental.tasks.callToolStream({ name: 'ask_in_task', arguments: {} }, CallToolResultSchema)) {
      if (message.type === 'result') text = (message.result.content as Array<{ text: string }>)[0]!.text;
      if (message.type === 'error') throw message.error;
    }
    expect(text).toBe('No name (unsupported)');
  });

  it('a plain callTool of a task tool runs inline, as it always has', async () => {
    const client = await connect('alice');
    const result = await client.callTool({ name: 'slow_export', arguments: { label: 'inline' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Exported inline' }]);
  });

  it('tasks/result of an unknown task is a JSON-RPC error', async () => {
    const answer = await post2025(url, 'tasks/result', { taskId: 'nope' }, { authorization: 'Bearer alice' });
    expect(answer.json.error).toMatchObject({ code: -32602, message: 'Task not found: nope' });
  });
});
