// What a task costs a client that polls it (docs/tasks.md): `tasks/get` on a finished task beside a plain
// `tools/call` (get_order), both POST /mcp as a 2026-07-28 client, on ours. A finished task's poll reads its
// record behind the SessionBus (in memory here: one process) and shapes it; the call goes to the API.
// Interleaved A B B A (`--repeat` times); figures are medians of rounds. No target: a figure to watch.
import { HEADERS, orderId, TOOL, type BenchContext } from '../context';
import { totalErrors } from '../load';
import { StreamableLoadClient } from '../mcp-client';
import { fmt, renderTable } from '../report';
import { abba, measureRound, summarise, summariseBy, type Round, type Summary } from '../rounds';
import { MCP_CONCURRENCY, mcpTimings, spread } from './mcp';
import type { Phase } from './phase';

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
/** The bundled example that runs as a task. */
const TASK_TOOL = 'export_orders';
const LABELS = ['tools/call', 'tasks/get (finished)'] as const;

/** Starts a task and polls it until it has ended; its id. */
async function finishedTask(client: StreamableLoadClient): Promise<string> {
  const created = (await client.ask('tools/call', { name: TASK_TOOL, arguments: {} }, TASK_TOOL)) as { result?: { resultType?: string; taskId?: string } } | undefined;
  const taskId = created?.result?.taskId;
  if (created?.result?.resultType !== 'task' || taskId === undefined) throw new Error(`${TASK_TOOL} did not answer with a task: ${JSON.stringify(created)}`);
  for (;;) {
    const polled = (await client.ask('tasks/get', { taskId }, taskId)) as { result?: { status?: string } } | undefined;
    const status = polled?.result?.status;
    if (status !== 'working' && status !== 'input_required') {
      if (status !== 'completed') throw new Error(`the task ended ${String(status)}`);
      return taskId;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const tasksPhase: Phase = async (ctx) => {
  const { first, round } = mcpTimings(ctx.settings.quick);
  const running = await ctx.ours('mcp');
  const client = new StreamableLoadClient(running.url, { era: '2026', connections: MCP_CONCURRENCY, headers: HEADERS, timeoutMs: ctx.settings.timeoutMs, capabilities: TASKS });
  const rounds: Round[] = [];
  try {
    ctx.progress(`tasks: starting ${TASK_TOOL} and waiting for it to finish`);
    const taskId = await finishedTask(client);
    const calls = {
      'tools/call': (_worker: number, n: number) => client.callTool(TOOL, { orderId: orderId(n) }),
      'tasks/get (finished)': () => client.getTask(taskId),
    } as const;
    ctx.progress(`tasks: warm-up: ${LABELS.join(', ')}`);
    for (const label of LABELS) await measureRound(label, calls[label], first, running.pid);
    const order = abba(LABELS, ctx.settings.passes);
    for (const [i, label] of order.entries()) {
      ctx.progress(`tasks: round ${i + 1}/${order.length}: ${label}`);
      rounds.push(await measureRound(label, calls[label], round, running.pid));
    }
  } finally {
    await client.close();
  }

  const by = summariseBy(rounds);
  const s = (label: string): Summary => by[label] ?? summarise([]);
  const rows: string[][] = [['metric', ...LABELS]];
  const add = (metric: string, v: (x: Summary) => number | undefined, digits: number): void => {
    rows.push([metric, ...LABELS.map((label) => fmt(v(s(label)), digits))]);
  };
  add(`requests/s (${MCP_CONCURRENCY} in flight)`, (x) => x.callsPerSecond, 0);
  rows.push(['  spread over rounds', ...LABELS.map((label) => spread(rounds, label, (r) => r.concurrent.callsPerSecond, 0))]);
  add(`p50 latency at ${MCP_CONCURRENCY} in flight (ms)`, (x) => x.p50Ms, 2);
  add('p50 latency, one at a time (ms)', (x) => x.oneAtATimeP50Ms, 2);
  add('server CPU per request (µs)', (x) => x.cpuUsPerCall, 0);
  rows.push(['  spread over rounds', ...LABELS.map((label) => spread(rounds, label, (r) => r.cpuUsPerCall, 0))]);
  rows.push(['errors', ...LABELS.map((label) => String(totalErrors(s(label).errors)))]);
  const errors = LABELS.map((label) => totalErrors(s(label).errors)).reduce((a, b) => a + b, 0);
  return {
    title: `POST /mcp as a 2026-07-28 client: tasks/get on a finished task beside a plain tools/call (${TOOL}); ${MCP_CONCURRENCY} in flight`,
    table: renderTable(rows),
    figures: { toolsCall: s('tools/call'), tasksGet: s('tasks/get (finished)'), rounds },
    targets: [],
    errors,
  };
};
