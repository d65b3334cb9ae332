// tasks/cancel stops the upstream request with the handler: a task tool waiting on the
// customer API has that request aborted when the task is cancelled, in both eras; the API sees the
// connection close, and the request carried the credentials of the call that created the task, while no
// record written behind the SessionBus holds them (point 4: they stay in the memory of the replica running it).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/logger';
import { createToolServer, type ToolServer } from '../../../src/server';
import { defineTool } from '../../../src/tools';
import { type CallTracker, MemoryBus } from '../../../src/sessions';
import { post2025, post2026 } from '../../support/mcp-post';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
const SECRET = 'alice-secret-7f3e';
const ALICE = { authorization: `Bearer ${SECRET}` };

/** Every record the server wrote behind the SessionBus (a task's, its answers). */
const written: string[] = [];
function recordingBus(calls: CallTracker): MemoryBus {
  const bus = new MemoryBus(calls);
  const put = bus.putRecord.bind(bus);
  bus.putRecord = (key, value, ttlMs) => {
    written.push(`${key} ${value}`);
    return put(key, value, ttlMs);
  };
  return bus;
}

/** A customer API that never answers: it records each request and when its connection closes. */
const seen: Array<{ url: string; authorization: string | undefined; closed: boolean }> = [];
let api: Server;
let apiUrl: string;

const waitOnApi = defineTool({
  name: 'wait_on_api',
  description: 'Waits on a slow endpoint of the API (a fixture).',
  task: 'optional',
  input: { label: z.string().describe('A label') },
  async handler({ label }, ctx) {
    ctx.status(`Asking the API for ${label}`);
    await ctx.api.get(`/slow/${label}`);
    return 'answered';
  },
});

let server: ToolServer;
let url: string;
beforeAll(async () => {
  api = createServer((request: IncomingMessage) => {
    const entry = { url: request.url ?? '', authorization: request.headers.authorization, closed: false };
    seen.push(entry);
    request.socket.on('close', () => (entry.closed = true));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CUSTOMER_API_URL: apiUrl });
  server = createToolServer({ config, customerApiUrl: apiUrl, logger: createLogger({ level: 'silent' }), tools: [waitOnApi], bus: recordingBus, info: { name: 'tasks', version: '0' }, taskLimits: { pollIntervalMs: 50 } });
  url = await server.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await server.shutdown();
  api.closeAllConnections();
  await new Promise((resolve) => api.close(resolve));
});

async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 5_000) throw new Error('waited 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('tasks/cancel and the upstream request', () => {
  it('2026-07-28: cancelling the task aborts its request to the API', async () => {
    const created = await post2026(url, 'tools/call', { name: 'wait_on_api', arguments: { label: 'modern' } }, { capabilities: TASKS, headers: ALICE });
    const taskId = created.json.result!.taskId as string;
    await until(() => seen.some((entry) => entry.url === '/slow/modern'));
    const request = seen.find((entry) => entry.url === '/slow/modern')!;
    expect(request).toMatchObject({ authorization: `Bearer ${SECRET}`, closed: false });
    expect((await post2026(url, 'tasks/cancel', { taskId }, { headers: ALICE })).json.result).toMatchObject({ resultType: 'complete' });
    await until(() => request.closed);
    expect((await post2026(url, 'tasks/get', { taskId }, { headers: ALICE })).json.result).toMatchObject({ status: 'cancelled' });
  });

  it('2025-11-25: cancelling the task aborts its request to the API', async () => {
    const created = await post2025(url, 'tools/call', { name: 'wait_on_api', arguments: { label: 'legacy' }, task: {} }, ALICE);
    const taskId = (created.json.result!.task as { taskId: string }).taskId;
    await until(() => seen.some((entry) => entry.url === '/slow/legacy'));
    const request = seen.find((entry) => entry.url === '/slow/legacy')!;
    expect(request.closed).toBe(false);
    expect((await post2025(url, 'tasks/cancel', { taskId }, ALICE)).json.result).toMatchObject({ status: 'cancelled' });
    await until(() => request.closed);
  });

  it('no record written behind the SessionBus holds the credentials', () => {
    expect(written.filter((entry) => entry.startsWith('task:')).length).toBeGreaterThanOrEqual(4);
    expect(written.filter((entry) => entry.includes(SECRET))).toEqual([]);
  });
});
