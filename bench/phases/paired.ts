// POST /mcp in CPU seconds, paired: ours, the raw-Node limit and, with --before, the previous
// build, each era of /mcp (and, as `paired-sse`, the hub's lane: the same run's reference for a harness
// that reads every ratio high or low) with one client whose connections stay open, measured in short
// slices that take turns (every target once per pass, the order rotated and reversed from pass to pass).
// A minute in which the machine slows hits every target alike, where the `mcp` phase's 3 s rounds let it
// land on one. What pairing alone cannot cancel is the process: two processes of one build are two sets
// of JIT decisions and heap layouts, and read up to a tenth apart here (docs/performance-history.md). So the
// targets are started afresh several times, in a rotated order, and the passes are shared out among those
// processes: the sums average over processes as well as over time, and each process's ratio is shown
// apart. CPU is read from /proc around each slice and summed per target; a slice of 0.4 s reads it to
// about 2.5 % (10 ms ticks).
import { oursOn, type BenchContext, type Measured, type ServerName } from '../context';
import { closedLoop, totalErrors } from '../load';
import { readCpuMs } from '../measure';
import { MCP_ERAS, type McpEra } from '../mcp-client';
import type { ChildServer } from '../processes';
import { atLeast, atMost, fmt, ratio, renderTable, type Target } from '../report';
import { mcpCaller, sseCaller, type McpCaller } from '../targets';
import { MCP_CONCURRENCY } from './mcp';
import { SSE_CONCURRENCY, SSE_STREAMS } from './sse';
import type { Phase } from './phase';

export interface PairedTiming {
  /** Untimed calls of each target's clients after its processes start, before their first slice. */
  readonly warmupMs: number;
  readonly sliceMs: number;
  /** Passes run by each set of processes. */
  readonly passesPerProcess: number;
  /** How many times every target is started afresh, per target measured (two each: each comes first once). */
  readonly processesPerTarget: number;
}

export function pairedTiming(quick: boolean): PairedTiming {
  return quick ? { warmupMs: 200, sliceMs: 100, passesPerProcess: 1, processesPerTarget: 1 } : { warmupMs: 3000, sliceMs: 400, passesPerProcess: 10, processesPerTarget: 2 };
}

/**
 * The order of the slices: each pass holds every target once, pass p starts at target p mod n, and every
 * other round of n passes runs backwards, so no target always follows the same one or comes first. The
 * same order starts the processes: the first started may read differently from the ones after it.
 */
export function sliceOrder<T>(targets: readonly T[], passes: number): T[][] {
  const n = targets.length;
  return Array.from({ length: passes }, (_, pass) => {
    const start = pass % n;
    const rotated = [...targets.slice(start), ...targets.slice(0, start)];
    return Math.floor(pass / n) % 2 === 1 ? rotated.reverse() : rotated;
  });
}

/** One slice of one target: the calls that completed and the server CPU they took. */
export interface Slice {
  readonly calls: number;
  readonly cpuMs: number;
  readonly elapsedMs: number;
}

export interface PairedFigures {
  readonly calls: number;
  readonly callsPerSecond: number;
  readonly cpuUsPerCall: number;
}

/** A target's slices summed: calls per second over the time they ran, CPU per call over all of them. */
export function sumSlices(slices: readonly Slice[]): PairedFigures {
  const calls = slices.reduce((sum, s) => sum + s.calls, 0);
  const cpuMs = slices.reduce((sum, s) => sum + s.cpuMs, 0);
  const elapsedMs = slices.reduce((sum, s) => sum + s.elapsedMs, 0);
  return { calls, callsPerSecond: elapsedMs > 0 ? (calls / elapsedMs) * 1000 : Number.NaN, cpuUsPerCall: calls > 0 ? (cpuMs * 1000) / calls : Number.NaN };
}

/** CPU per call of `a` ÷ `b`, process by process (the i-th set of processes of each): how far the processes spread. */
export function ratiosByProcess(a: readonly (readonly Slice[])[], b: readonly (readonly Slice[])[]): number[] {
  return a.map((slices, i) => sumSlices(slices).cpuUsPerCall / sumSlices(b[i] ?? []).cpuUsPerCall);
}

/** What each target is measured on: both eras of /mcp and, beside them, the hub's lane. */
export type PairedLane = McpEra | 'sse';

/** The in-flight count of a lane: each lane's own phase's (both 32). */
const inFlight = (lane: PairedLane): number => (lane === 'sse' ? SSE_CONCURRENCY : MCP_CONCURRENCY);

/** Sums the CPU of `pid` and the calls made while `calls` run for `ms`: one slice. */
async function slice(pid: number, lane: PairedLane, call: McpCaller['call'], ms: number): Promise<{ slice: Slice; errors: number }> {
  const before = readCpuMs(pid);
  const stats = await closedLoop(inFlight(lane), ms, call);
  return { slice: { calls: stats.calls, cpuMs: readCpuMs(pid) - before, elapsedMs: stats.elapsedMs }, errors: totalErrors(stats.errors) };
}

/**
 * `paired`: both eras of /mcp. `paired-sse` (withHubLane): the hub's lane too, in the same slices. Adding it
 * changes what the processes run, and with it the /mcp figures (docs/performance-history.md): compare runs of one kind.
 */
export const pairedPhase = (withHubLane: boolean): Phase => async (ctx: BenchContext) => {
  const timing = pairedTiming(ctx.settings.quick);
  const who: Measured[] = ctx.settings.before === undefined ? ['ours', 'limit'] : ['ours', 'limit', 'before'];
  const serverOf = (name: Measured): ServerName => (name === 'ours' ? oursOn(ctx.settings, 'mcp') : name);
  // The hub's lane beside /mcp, read in the same slices (the SDK v2 baseline of --ours baseline has none).
  if (withHubLane && ctx.settings.ours === 'baseline') throw new Error("paired-sse measures a build of ours: --ours baseline's /mcp baseline has no hub's lane");
  const lanes: PairedLane[] = withHubLane ? [...MCP_ERAS, 'sse'] : [...MCP_ERAS];
  // What each slice measures: a target on a lane, by the label the tables use.
  const measured = who.flatMap((name) => lanes.map((lane) => ({ name, lane, label: `${name} ${lane}` })));
  const labels = measured.map(({ label }) => label);
  const processes = timing.processesPerTarget * who.length;
  const passes = sliceOrder(measured, processes * timing.passesPerProcess);
  const starts = sliceOrder(who, processes);
  /** By label, then by set of processes: the slices of each. */
  const slices = new Map<string, Slice[][]>(labels.map((label) => [label, []]));
  let errors = 0;
  const { timeoutMs } = ctx.settings;

  for (const [set, startOrder] of starts.entries()) {
    ctx.progress(`paired: processes ${set + 1}/${processes}, started in the order ${startOrder.join(', ')}`);
    const servers = new Map<Measured, ChildServer>();
    const callers = new Map<string, { pid: number; caller: McpCaller }>();
    try {
      // Started one after the other, before any load; one client per target and era, kept open: a slice
      // counts calls, not connects.
      for (const name of startOrder) servers.set(name, await ctx.start(serverOf(name), `${name} #${set + 1}`));
      for (const { name, lane, label } of measured) {
        const { url, pid } = servers.get(name)!;
        const caller = lane === 'sse' ? await sseCaller(url, SSE_STREAMS, SSE_CONCURRENCY, timeoutMs) : mcpCaller(url, lane, MCP_CONCURRENCY, timeoutMs);
        callers.set(label, { pid, caller });
        slices.get(label)!.push([]);
      }
      for (const { lane, label } of measured) {
        const { pid, caller } = callers.get(label)!;
        errors += (await slice(pid, lane, caller.call, timing.warmupMs)).errors;
      }
      for (const order of passes.slice(set * timing.passesPerProcess, (set + 1) * timing.passesPerProcess)) {
        for (const { lane, label } of order) {
          const { pid, caller } = callers.get(label)!;
          const taken = await slice(pid, lane, caller.call, timing.sliceMs);
          errors += taken.errors;
          slices.get(label)!.at(-1)!.push(taken.slice);
        }
      }
    } finally {
      await Promise.all([...callers.values()].map(({ caller }) => caller.close()));
      await Promise.all([...servers.values()].map((server) => server.stop()));
    }
  }

  const all = (label: string): Slice[] => slices.get(label)!.flat();
  const sum = new Map(labels.map((label) => [label, sumSlices(all(label))]));
  const of = (name: Measured, lane: PairedLane): PairedFigures => sum.get(`${name} ${lane}`)!;
  const goals: Target[] = MCP_ERAS.flatMap((era) => [
    atLeast(`calls/s, ours ÷ limit, ${era}`, of('ours', era).callsPerSecond / of('limit', era).callsPerSecond, 0.8),
    atMost(`CPU per call, ours ÷ limit, ${era}`, of('ours', era).cpuUsPerCall / of('limit', era).cpuUsPerCall, 1.3),
  ]);
  const list = (values: readonly number[], digits: number): string => values.map((v) => fmt(v, digits)).join(', ');
  const rows: string[][] = [['metric', ...labels]];
  rows.push([`calls/s`, ...labels.map((label) => fmt(sum.get(label)!.callsPerSecond, 0))]);
  rows.push(['server CPU per call (µs)', ...labels.map((label) => fmt(sum.get(label)!.cpuUsPerCall, 1))]);
  rows.push(['  each process', ...labels.map((label) => list(slices.get(label)!.map((s) => sumSlices(s).cpuUsPerCall), 1))]);
  rows.push(['calls measured', ...labels.map((label) => String(sum.get(label)!.calls))]);

  const heading = (lane: PairedLane): string => (lane === 'sse' ? "hub's lane (SSE)" : `${lane} era`);
  const ratioRows: string[][] = [['ratio (sums of slices)', ...lanes.map(heading), 'target (/mcp)']];
  for (const name of who.filter((n) => n !== 'limit')) {
    // Marked against the targets on /mcp only: the hub's lane is read beside it, as the same run's reference.
    const mark = (metric: string, lane: PairedLane): string => {
      const goal = name === 'ours' ? goals.find((g) => g.name === `${metric}, ours ÷ limit, ${lane}`) : undefined;
      return goal === undefined ? '' : goal.pass ? ' ✓' : ' ✗';
    };
    ratioRows.push([`calls/s, ${name} ÷ limit`, ...lanes.map((lane) => `${fmt(ratio(of(name, lane).callsPerSecond, of('limit', lane).callsPerSecond))}${mark('calls/s', lane)}`), name === 'ours' ? '≥ 0.8' : '']);
    ratioRows.push([`CPU per call, ${name} ÷ limit`, ...lanes.map((lane) => `${fmt(ratio(of(name, lane).cpuUsPerCall, of('limit', lane).cpuUsPerCall))}${mark('CPU per call', lane)}`), name === 'ours' ? '≤ 1.3' : '']);
    ratioRows.push([`  process by process`, ...lanes.map((lane) => list(ratiosByProcess(slices.get(`${name} ${lane}`)!, slices.get(`limit ${lane}`)!), 2)), '']);
  }
  return {
    title: `POST /mcp${withHubLane ? " and the hub's lane" : ''}, paired: ${MCP_CONCURRENCY} in flight${withHubLane ? ` (SSE: over ${SSE_STREAMS} streams)` : ''}, ${processes} sets of processes, ${timing.passesPerProcess} passes of ${timing.sliceMs} ms slices taking turns in each, clients kept open`,
    table: `${renderTable(rows)}\n\n${renderTable(ratioRows)}`,
    figures: { ...Object.fromEntries(sum), slices: Object.fromEntries(slices), processes },
    targets: goals,
    errors,
  };
};
