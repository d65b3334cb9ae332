// POST /mcp counted in instructions: ours, the raw-Node limit and, with --before, the previous
// build, each run under callgrind (bench/callgrind.ts), warmed until the JIT has compiled the call path,
// then every era's calls counted in windows, A B B A. CPU seconds per call on a shared 2-core machine
// move by about 20% between two runs of one build; on a quiet machine, instructions per call move by a
// few per cent (GC runs do not land in every window alike), so a change of 5% on the path of a call shows
// here. Kernel time is not in the count; the two servers make the same syscalls per call
// (docs/performance-history.md, "`/mcp` in instructions").
import { startCounted, hasCallgrind, type CountedServer } from '../callgrind';
import { OURS_ENV, SCRIPTS, type Measured } from '../context';
import { closedLoop, totalErrors } from '../load';
import { MCP_ERAS, type McpEra } from '../mcp-client';
import { atMost, fmt, ratio, renderTable, type Target } from '../report';
import { median, type CallOnce } from '../rounds';
import { mcpCaller } from '../targets';
import { MCP_CONCURRENCY } from './mcp';
import type { Phase } from './phase';

export function instructionCounts(quick: boolean): { warmCallsPerEra: number; countedCalls: number } {
  // 6,000 calls of each era before counting: by then TurboFan has nothing left to compile (measured: a
  // window after 1,000 calls was 60% compiler work, after 10,000 none).
  return quick ? { warmCallsPerEra: 300, countedCalls: 100 } : { warmCallsPerEra: 6000, countedCalls: 2000 };
}

/** Makes `count` calls, `MCP_CONCURRENCY` in flight, and returns the count of failed ones. */
type Calls = (count: number) => Promise<number>;

/**
 * Runs `use` with a client of each era on `server`, their connections open for the whole run: a window
 * counts calls, not connections being set up.
 */
async function withClients<T>(server: CountedServer, timeoutMs: number, use: (calls: Record<McpEra, Calls>) => Promise<T>): Promise<T> {
  const callers = { '2025': mcpCaller(server.url, '2025', MCP_CONCURRENCY, timeoutMs), '2026': mcpCaller(server.url, '2026', MCP_CONCURRENCY, timeoutMs) };
  const calls = (call: CallOnce): Calls => async (count) => totalErrors((await closedLoop(MCP_CONCURRENCY, 30 * 60_000, call, count)).errors);
  try {
    return await use({ '2025': calls(callers['2025'].call), '2026': calls(callers['2026'].call) });
  } finally {
    await Promise.all(Object.values(callers).map((caller) => caller.close()));
  }
}

export const instructionsPhase: Phase = async (ctx) => {
  if (!(await hasCallgrind())) throw new Error('the instructions phase needs valgrind (apt-get install -y valgrind)');
  if (ctx.settings.ours === 'baseline') throw new Error('the instructions phase measures a build of ours, not --ours baseline');
  const { warmCallsPerEra, countedCalls } = instructionCounts(ctx.settings.quick);
  const timeoutMs = 60_000; // under callgrind a call takes milliseconds, and 32 wait in line
  const env = (who: Measured): Record<string, string> => (who === 'limit' ? { CUSTOMER_API_URL: ctx.apiUrl } : { ...OURS_ENV, CUSTOMER_API_URL: ctx.apiUrl });
  const script = (who: Measured): string => (who === 'limit' ? SCRIPTS.limit : who === 'before' ? ctx.settings.before! : ctx.settings.ours);
  const who: Measured[] = ctx.settings.before === undefined ? ['ours', 'limit'] : ['ours', 'limit', 'before'];

  let errors = 0;
  const perCall: Record<string, number[]> = {};
  for (const name of who) {
    ctx.progress(`instructions: ${name}: starting under callgrind, ${warmCallsPerEra} calls of each era to warm`);
    const server = await startCounted(name, script(name), env(name), ctx.settings.nodeFlags);
    try {
      await withClients(server, timeoutMs, async (calls) => {
        for (const era of MCP_ERAS) errors += await calls[era](warmCallsPerEra);
        const order = Array.from({ length: ctx.settings.passes }, () => [...MCP_ERAS, ...[...MCP_ERAS].reverse()]).flat();
        for (const [i, era] of order.entries()) {
          ctx.progress(`instructions: ${name} ${era}: window ${i + 1}/${order.length}, ${countedCalls} calls`);
          let failed = 0;
          const ir = await server.count(async () => {
            failed = await calls[era](countedCalls);
          });
          errors += failed;
          (perCall[`${name} ${era}`] ??= []).push(ir / countedCalls);
        }
      });
    } finally {
      await server.stop();
      if (process.env.BENCH_CALLGRIND_KEEP === '1') ctx.progress(`instructions: ${name}: dumps kept in ${server.dumps}`);
    }
  }

  const labels = who.flatMap((w) => MCP_ERAS.map((era) => `${w} ${era}`));
  const of = (label: string): number => median(perCall[label] ?? []);
  const goals: Target[] = MCP_ERAS.map((era) => atMost(`instructions per call, ours ÷ limit, ${era}`, of(`ours ${era}`) / of(`limit ${era}`), 1.3));
  const rows: string[][] = [['metric', ...labels]];
  rows.push(['instructions per call (thousands)', ...labels.map((l) => fmt(of(l) / 1000, 0))]);
  const spread = (values: readonly number[]): string => (values.length === 0 ? '–' : `${fmt(Math.min(...values) / 1000, 0)}–${fmt(Math.max(...values) / 1000, 0)}`);
  rows.push(['  spread over windows', ...labels.map((l) => spread(perCall[l] ?? []))]);
  const eraRows: string[][] = [['ratio (medians of windows)', ...MCP_ERAS.map((era) => `${era} era`)]];
  eraRows.push(['instructions per call, ours ÷ limit', ...MCP_ERAS.map((era) => fmt(ratio(of(`ours ${era}`), of(`limit ${era}`))))]);
  if (ctx.settings.before !== undefined) {
    eraRows.push(['instructions per call, before ÷ limit', ...MCP_ERAS.map((era) => fmt(ratio(of(`before ${era}`), of(`limit ${era}`))))]);
    eraRows.push(['instructions per call, ours ÷ before', ...MCP_ERAS.map((era) => fmt(ratio(of(`ours ${era}`), of(`before ${era}`))))]);
  }
  return {
    title: `POST /mcp in instructions per call (callgrind, all threads, user space): ${MCP_CONCURRENCY} in flight, after ${warmCallsPerEra} calls of each era`,
    table: `${renderTable(rows)}\n\n${renderTable(eraRows)}`,
    figures: { instructionsPerCall: Object.fromEntries(labels.map((l) => [l, of(l)])), windows: perCall, warmCallsPerEra, countedCalls },
    targets: goals,
    errors,
  };
};
