// POST /mcp in CPU seconds, paired (issue 42.2): ours, the raw-Node limit and, with --before, the previous
// build, each era with one client whose connections stay open, measured in short slices that take turns
// (every target once per pass, the order rotated and reversed from pass to pass). A minute in which the
// machine slows hits every target alike, where the `mcp` phase's 3 s rounds let it land on one: on this
// 2-core machine the two halves of one run agree within 1 to 11 % (most under 5 %), its rounds by ±30 %.
// CPU is read from /proc around each slice and summed per target; a slice of 0.4 s reads it to about
// 2.5 % (10 ms ticks), and 40 passes average that out. What pairing cannot cancel is the process
// (docs/performance.md): read it beside an A/A run (the same build as --before).
import type { BenchContext, ServerName } from '../context';
import { closedLoop, totalErrors } from '../load';
import { readCpuMs } from '../measure';
import type { McpEra } from '../mcp-client';
import { atLeast, atMost, fmt, ratio, renderTable, type Target } from '../report';
import { withMcpCalls } from '../targets';
import { MCP_CONCURRENCY } from './mcp';
import type { Phase } from './phase';

const ERAS: readonly McpEra[] = ['2025', '2026'];

export interface PairedTiming {
  /** Untimed calls of each target before the first slice. */
  readonly warmupMs: number;
  readonly sliceMs: number;
  readonly passes: number;
}

export function pairedTiming(quick: boolean): PairedTiming {
  return quick ? { warmupMs: 200, sliceMs: 100, passes: 2 } : { warmupMs: 3000, sliceMs: 400, passes: 40 };
}

/**
 * The order of the slices: each pass holds every target once, pass p starts at target p mod n, and every
 * other round of n passes runs backwards, so no target always follows the same one or comes first.
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

/** The first and second half of a target's slices, summed apart: how far one run agrees with itself. */
export function halves(slices: readonly Slice[]): [PairedFigures, PairedFigures] {
  const middle = Math.floor(slices.length / 2);
  return [sumSlices(slices.slice(0, middle)), sumSlices(slices.slice(middle))];
}

type Who = 'ours' | 'limit' | 'before';

export const pairedPhase: Phase = async (ctx: BenchContext) => {
  const timing = pairedTiming(ctx.settings.quick);
  const who: Who[] = ctx.settings.before === undefined ? ['ours', 'limit'] : ['ours', 'limit', 'before'];
  // Started one after the other, in this order, before any load.
  const servers = new Map<Who, { url: string; pid: number }>();
  for (const name of who) servers.set(name, name === 'ours' ? await ctx.ours('mcp') : await ctx.server(name as ServerName));
  const labels = who.flatMap((name) => ERAS.map((era) => `${name} ${era}`));
  const slices = new Map<string, Slice[]>(labels.map((label) => [label, []]));
  let errors = 0;

  // One client per target, its connections open for the whole phase: a slice counts calls, not connects.
  const nest = async (i: number, calls: Map<string, (ms: number) => Promise<Slice>>): Promise<void> => {
    if (i < labels.length) {
      const [name, era] = labels[i]!.split(' ') as [Who, McpEra];
      const server = servers.get(name)!;
      return withMcpCalls(server.url, era, MCP_CONCURRENCY, ctx.settings.timeoutMs, (call) =>
        nest(i + 1, calls.set(labels[i]!, async (ms) => {
          const before = readCpuMs(server.pid);
          const stats = await closedLoop(MCP_CONCURRENCY, ms, call);
          errors += totalErrors(stats.errors);
          return { calls: stats.calls, cpuMs: readCpuMs(server.pid) - before, elapsedMs: stats.elapsedMs };
        })),
      );
    }
    ctx.progress(`paired: warm-up, ${timing.warmupMs} ms each: ${labels.join(', ')}`);
    for (const label of labels) await calls.get(label)!(timing.warmupMs);
    for (const [pass, order] of sliceOrder(labels, timing.passes).entries()) {
      if (pass % 10 === 0) ctx.progress(`paired: pass ${pass + 1}/${timing.passes}, ${timing.sliceMs} ms a slice`);
      for (const label of order) slices.get(label)!.push(await calls.get(label)!(timing.sliceMs));
    }
  };
  await nest(0, new Map());

  const sum = new Map(labels.map((label) => [label, sumSlices(slices.get(label)!)]));
  const of = (name: Who, era: McpEra): PairedFigures => sum.get(`${name} ${era}`)!;
  const goals: Target[] = ERAS.flatMap((era) => [
    atLeast(`calls/s, ours ÷ limit, ${era}`, of('ours', era).callsPerSecond / of('limit', era).callsPerSecond, 0.8),
    atMost(`CPU per call, ours ÷ limit, ${era}`, of('ours', era).cpuUsPerCall / of('limit', era).cpuUsPerCall, 1.3),
  ]);
  const rows: string[][] = [['metric', ...labels]];
  rows.push([`calls/s (${MCP_CONCURRENCY} in flight)`, ...labels.map((label) => fmt(sum.get(label)!.callsPerSecond, 0))]);
  rows.push(['server CPU per call (µs)', ...labels.map((label) => fmt(sum.get(label)!.cpuUsPerCall, 1))]);
  rows.push(['  first half, second half', ...labels.map((label) => halves(slices.get(label)!).map((h) => fmt(h.cpuUsPerCall, 1)).join(', '))]);
  rows.push(['calls measured', ...labels.map((label) => String(sum.get(label)!.calls))]);

  const ratioRows: string[][] = [['ratio (sums of slices)', '2025 era', '2026 era', 'target']];
  const cpuHalves = (name: Who, era: McpEra): string => {
    const [a, b] = halves(slices.get(`${name} ${era}`)!);
    const [la, lb] = halves(slices.get(`limit ${era}`)!);
    return `${fmt(ratio(a.cpuUsPerCall, la.cpuUsPerCall))}, ${fmt(ratio(b.cpuUsPerCall, lb.cpuUsPerCall))}`;
  };
  for (const name of who.filter((n) => n !== 'limit')) {
    const mark = (metric: string, era: McpEra): string => {
      const goal = name === 'ours' ? goals.find((g) => g.name === `${metric}, ours ÷ limit, ${era}`) : undefined;
      return goal === undefined ? '' : goal.pass ? ' ✓' : ' ✗';
    };
    ratioRows.push([`calls/s, ${name} ÷ limit`, ...ERAS.map((era) => `${fmt(ratio(of(name, era).callsPerSecond, of('limit', era).callsPerSecond))}${mark('calls/s', era)}`), name === 'ours' ? '≥ 0.8' : '']);
    ratioRows.push([`CPU per call, ${name} ÷ limit`, ...ERAS.map((era) => `${fmt(ratio(of(name, era).cpuUsPerCall, of('limit', era).cpuUsPerCall))}${mark('CPU per call', era)}`), name === 'ours' ? '≤ 1.3' : '']);
    ratioRows.push([`  in the two halves`, ...ERAS.map((era) => cpuHalves(name, era)), '']);
  }
  return {
    title: `POST /mcp, paired: ${MCP_CONCURRENCY} in flight, ${timing.passes} passes of ${timing.sliceMs} ms slices taking turns, clients kept open`,
    table: `${renderTable(rows)}\n\n${renderTable(ratioRows)}`,
    figures: { ...Object.fromEntries(sum), slices: Object.fromEntries(slices) },
    targets: goals,
    errors,
  };
};
