// Fixture tools for the tasks tests: one that runs until the test lets it finish (or it is cancelled),
// one that asks the user a question inside its task, and one that never becomes a task.
import { z } from 'zod';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import type { TaskLimits } from '../../src/mcp/core/tasks';
import { createToolServer, type ToolServer } from '../../src/server';
import type { SessionBus } from '../../src/sessions/bus';
import type { CallTracker } from '../../src/sessions/calls';
import { defineTool } from '../../src/tools';

/** What the slow tool's runs saw, in this process: the test opens the gate and reads the aborts. */
export const gate = {
  open: undefined as (() => void) | undefined,
  aborted: 0,
  started: 0,
};

let release: Promise<void> = Promise.resolve();
/** Holds every slow run until `finish()`. */
export function hold(): void {
  release = new Promise<void>((resolve) => (gate.open = resolve));
}
export function finish(): void {
  gate.open?.();
}

export const slowExport = defineTool({
  name: 'slow_export',
  description: 'Exports slowly (a fixture).',
  task: 'optional',
  input: { label: z.string().optional().describe('A label') },
  async handler({ label }, ctx) {
    gate.started += 1;
    ctx.status('Started the export');
    ctx.progress(1, 3, 'Read 1 of 3 pages');
    await new Promise<void>((resolve, reject) => {
      ctx.signal.addEventListener('abort', () => {
        gate.aborted += 1;
        reject(new Error('aborted'));
      });
      void release.then(resolve);
    });
    return `Exported ${label ?? 'everything'}`;
  },
});

export const askInTask = defineTool({
  name: 'ask_in_task',
  description: 'Asks the user for a name inside its task (a fixture).',
  task: 'required',
  input: {},
  async handler(_input, ctx) {
    const answer = await ctx.elicit({ message: 'Which name?', schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
    if (answer.action !== 'accept') return `No name (${answer.action})`;
    return `Hello ${String(answer.content.name)}`;
  },
});

export const plainTool = defineTool({
  name: 'plain_tool',
  description: 'Answers at once; never a task (a fixture).',
  input: {},
  handler: () => 'plain answer',
});

export const taskTools = [slowExport, askInTask, plainTool];

/**
 * A tool server of `taskTools` in one process, on the memory bus, listening on a loopback port; its tasks
 * poll every 50 ms unless `taskLimits` says otherwise; `bus` puts it on another bus (Redis, for replicas in
 * one test process). `stop` releases the held tools and shuts it down.
 */
export async function startTaskServer(taskLimits: Partial<TaskLimits> = {}, bus?: (calls: CallTracker) => SessionBus): Promise<{ server: ToolServer; url: string; stop(): Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CUSTOMER_API_URL: 'http://127.0.0.1:9' });
  const server = createToolServer({
    config,
    customerApiUrl: 'http://127.0.0.1:9',
    logger: createLogger({ level: 'silent' }),
    tools: taskTools,
    info: { name: 'tasks', version: '0' },
    taskLimits: { pollIntervalMs: 50, ...taskLimits },
    ...(bus === undefined ? {} : { bus }),
  });
  const url = await server.listen(0, '127.0.0.1');
  return {
    server,
    url,
    async stop() {
      finish();
      await server.shutdown();
    },
  };
}
