// Tasks on /mcp (2026-07-28) as the requesters a host would use drive them: the SDK v2 client and the
// official @modelcontextprotocol/ext-tasks package (ESM only: loaded with `await import()`).
//
// The SDK v2 client (2.4) connects, reads the extension in server/discover, and sends tasks/get,
// tasks/update and tasks/cancel through its public `request()` with a result schema. It cannot take the
// answer that creates a task: its 2026-07-28 codec refuses any resultType but `complete` and
// `input_required` before a schema is consulted (UNSUPPORTED_RESULT_TYPE), so that one call is posted as
// the wire form, with the same credentials. ext-tasks says the same of the SDK ("SDK wire codecs reject
// V2 task traffic") and takes the host's own dispatch for `tools/call` and `tasks/*` in this era; given
// one, its session calls the tool, follows the task, answers its question and cancels it. With a
// 2025-11-25 server it needs nothing of the host: over the SDK v2 client it asks for a task (params.task)
// and settles it.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { MODERN, post2026 } from '../../support/mcp-post';
import { finish, gate, hold, startTaskServer } from '../../support/task-tools';

type ExtTasks = typeof import('@modelcontextprotocol/ext-tasks/client', { with: { 'resolution-mode': 'import' } });
type SdkEsm = typeof import('@modelcontextprotocol/client', { with: { 'resolution-mode': 'import' } });
type RawDispatch = NonNullable<Parameters<ExtTasks['createTaskSessionFromClient']>[1]['rawDispatch']>;

const TASKS_ID = 'io.modelcontextprotocol/tasks';
const CAPABILITIES = { extensions: { [TASKS_ID]: {} }, elicitation: { form: {} } };
const ALICE = { authorization: 'Bearer alice' };
const CLIENT_INFO = { name: 'requester-test', version: '1.0.0' };

let server: Awaited<ReturnType<typeof startTaskServer>>;
let url: string;
beforeAll(async () => {
  server = await startTaskServer({ maxPerCaller: 5 });
  url = server.url;
});
afterAll(() => server.stop());

/** An SDK v2 client pinned to 2026-07-28 that declared the extension, with Alice's credentials. */
async function connectV2<C extends Client>(sdk: { Client: new (...args: never[]) => C; StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport } = { Client, StreamableHTTPClientTransport } as never): Promise<C> {
  const client = new sdk.Client(...([CLIENT_INFO, { capabilities: CAPABILITIES, versionNegotiation: { mode: { pin: MODERN } } }] as never[]));
  client.setRequestHandler('elicitation/create', () => ({ action: 'decline' }));
  await client.connect(new sdk.StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: ALICE } }));
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

const TASK_SUPPORT: Record<string, 'optional' | 'required'> = { slow_export: 'optional', ask_in_task: 'required' };

/** The host's own dispatch ext-tasks asks for in this era: one POST of the framed request, with Alice's credentials. */
const rawDispatch: RawDispatch = async (request, options) => {
  const body = request as { method: string; params?: { name?: string; taskId?: string } };
  const name = body.params?.name ?? body.params?.taskId;
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': MODERN, 'mcp-method': body.method, ...(name === undefined ? {} : { 'mcp-name': name }), ...ALICE },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
    ...(options?.signal === undefined ? {} : { signal: options.signal }),
  });
  // Parsed by this module's JSON: ext-tasks takes only plain objects of its own realm for JSON values.
  const json = JSON.parse(await response.text()) as { result?: never; error?: never };
  return json.error === undefined ? { kind: 'result', result: json.result! } : { kind: 'error', error: json.error };
};

describe('the official ext-tasks package (0.2) as the requester', () => {
  let ext: ExtTasks;
  let client: InstanceType<SdkEsm['Client']>;
  let session: ReturnType<ExtTasks['createTaskSessionFromClient']>;
  const asked: string[] = [];
  beforeAll(async () => {
    ext = await import('@modelcontextprotocol/ext-tasks/client');
    // The ES module build of the client, the one ext-tasks imports and adapts.
    client = (await connectV2((await import('@modelcontextprotocol/client')) as never)) as never;
    session = ext.createTaskSessionFromClient(client, {
      endpointId: 'tasks-test',
      rawDispatch,
      // The declarations as tools/list gives them (its answer through the SDK client, parsed in Node's realm
      // rather than the test's, is not a plain object to ext-tasks under jest's VM modules).
      tools: { currentTool: (name) => ({ name, inputSchema: { type: 'object' }, taskSupport: TASK_SUPPORT[name] ?? 'forbidden' }) },
      v2RequestFraming: { protocolVersion: MODERN, clientInfo: CLIENT_INFO, clientCapabilities: CAPABILITIES },
      onInputRequest: async (request, context) => {
        asked.push(`${request.kind} by ${context.delivery}`);
        return { action: 'accept', content: { name: 'Ada' } } as never;
      },
    });
  });
  afterAll(async () => {
    finish();
    await session?.close();
    await client?.close();
  });

  it('calls a task tool, gets a task, and settles it with the result', async () => {
    finish();
    const execution = await session.callTool('slow_export', { label: 'Q3' });
    expect(execution.kind).toBe('task');
    const { outcome } = await execution.settle();
    expect(ext.resultFromTaskOutcome(outcome)).toMatchObject({ content: [{ type: 'text', text: 'Exported Q3' }] });
  });

  it("answers the task's question with tasks/update and settles with the handler's answer", async () => {
    const execution = await session.callTool('ask_in_task', {});
    expect(execution.kind).toBe('task');
    const { outcome } = await execution.settle();
    expect(ext.resultFromTaskOutcome(outcome)).toMatchObject({ content: [{ text: 'Hello Ada' }] });
    expect(asked).toEqual(['elicitation by task-update']);
  });

  it('cancels a running task: the handler is aborted and the outcome reads cancelled', async () => {
    hold();
    const aborted = gate.aborted;
    const started = gate.started;
    const execution = await session.callTool('slow_export', {});
    expect(execution.kind).toBe('task');
    while (gate.started === started) await new Promise((resolve) => setTimeout(resolve, 10));
    await execution.cancel();
    const { outcome } = await execution.settle();
    expect(outcome.status).toBe('cancelled');
    expect(gate.aborted).toBe(aborted + 1);
    finish();
  });

  it('a tool that is not a task comes back at once', async () => {
    const execution = await session.callTool('plain_tool', {});
    expect(execution.kind).toBe('immediate');
    expect(ext.resultFromTaskOutcome((await execution.settle()).outcome)).toMatchObject({ content: [{ text: 'plain answer' }] });
  });
});

/**
 * fetch whose JSON bodies are parsed by this module's JSON: under jest's VM modules, `Response.json()` makes
 * objects of Node's own realm, which ext-tasks does not take as plain JSON values.
 */
const thisRealmJson: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.text();
  return Object.assign(new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers }), { json: async () => JSON.parse(text) as unknown });
};

describe('ext-tasks over the SDK v2 client, 2025-11-25', () => {
  it('calls a task tool with params.task, follows the task and settles it with the result', async () => {
    const ext = await import('@modelcontextprotocol/ext-tasks/client');
    const sdk = await import('@modelcontextprotocol/client');
    const client = new sdk.Client(CLIENT_INFO, { capabilities: { elicitation: { form: {} } } } as never);
    await client.connect(new sdk.StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: ALICE }, fetch: thisRealmJson }));
    const session = ext.createTaskSessionFromClient(client, {
      endpointId: 'tasks-test-2025',
      tools: { currentTool: (name) => ({ name, inputSchema: { type: 'object' }, taskSupport: TASK_SUPPORT[name] ?? 'forbidden' }) },
    });
    try {
      expect(client.getProtocolEra()).not.toBe('modern');
      finish();
      const execution = await session.callTool('slow_export', { label: 'legacy' }, { task: { preference: 'prefer' } });
      expect(execution.kind).toBe('task');
      const { outcome } = await execution.settle();
      expect(ext.resultFromTaskOutcome(outcome)).toMatchObject({ content: [{ type: 'text', text: 'Exported legacy' }] });
    } finally {
      await session.close();
      await client.close();
    }
  });
});
