// The hub's lane, HTTP+SSE: ours beside the SDK v1 baseline, the raw-Node limit and the floor (the API
// called directly), in interleaved rounds (F O B L L B O F, `--repeat` times), then memory per idle
// stream on fresh processes.
import type { BenchContext, ServerName } from '../context';
import { idleMemoryKb } from '../idle-memory';
import { noErrors, totalErrors, type ErrorCounts } from '../load';
import { atLeast, atMost, fmt, mark, ratio, renderTable, type Target } from '../report';
import { abba, measureRound, summariseBy, summarise, type Round, type Summary, type Timing } from '../rounds';
import { withFloorCalls, withSseCalls } from '../targets';
import type { Phase } from './phase';

const CONCURRENCY = 32;
const STREAMS = 16;
/** The hub lane's load, for the phases that measure it beside /mcp (paired). */
export { CONCURRENCY as SSE_CONCURRENCY, STREAMS as SSE_STREAMS };
const SERVERS = ['ours', 'baseline', 'limit'] as const satisfies readonly ServerName[];
type SseTarget = (typeof SERVERS)[number] | 'floor';

function timings(ctx: BenchContext): { first: Timing; round: Timing } {
  const { quick, concurrentMs } = ctx.settings;
  return {
    first: { warmupMs: 0, concurrentMs: quick ? 200 : 2000, oneAtATimeMs: quick ? 50 : 500, concurrency: CONCURRENCY },
    round: { warmupMs: quick ? 50 : 500, concurrentMs, oneAtATimeMs: quick ? 100 : 1500, concurrency: CONCURRENCY },
  };
}

async function round(ctx: BenchContext, target: SseTarget, t: Timing): Promise<Round> {
  const { timeoutMs } = ctx.settings;
  if (target === 'floor') return withFloorCalls(ctx.apiUrl, CONCURRENCY, (call) => measureRound(target, call, t));
  const server = target === 'ours' ? await ctx.ours('sse') : await ctx.server(target);
  return withSseCalls(server.url, STREAMS, CONCURRENCY, timeoutMs, (call) => measureRound(target, call, t, server.pid));
}

export const ssePhase: Phase = async (ctx) => {
  const t = timings(ctx);
  const targets: SseTarget[] = ['floor', ...SERVERS];
  await Promise.all([ctx.ours('sse'), ctx.server('baseline'), ctx.server('limit')]);
  // Untimed first pass: the JIT of every process (the bench's own included) warms up here.
  ctx.progress(`sse: warm-up: ${targets.join(', ')}`);
  for (const target of targets) await round(ctx, target, t.first);
  const rounds: Round[] = [];
  const order = abba(targets, ctx.settings.passes);
  for (const [i, target] of order.entries()) {
    ctx.progress(`sse: round ${i + 1}/${order.length}: ${target}`);
    rounds.push(await round(ctx, target, t.round));
  }

  const memory: Record<string, Record<number, number>> = { ours: {}, baseline: {}, limit: {} };
  const memoryErrors: Record<string, ErrorCounts> = { ours: noErrors(), baseline: noErrors(), limit: noErrors() };
  for (const [i, count] of ctx.settings.idleCounts.entries()) {
    const measure = async (name: (typeof SERVERS)[number]) => {
      memory[name]![count] = await idleMemoryKb(ctx, name, count, memoryErrors[name]!);
    };
    if (ctx.settings.quick) {
      // A smoke run checks that each server holds idle streams, not how much they cost: all at once.
      ctx.progress(`sse: memory: ${SERVERS.join(', ')} at once, ${count} idle streams each on fresh processes`);
      await Promise.all(SERVERS.map(measure));
      continue;
    }
    for (const name of i % 2 === 0 ? SERVERS : [...SERVERS].reverse()) {
      ctx.progress(`sse: memory: ${name}, ${count} idle streams on a fresh process`);
      await measure(name);
    }
  }

  const by = summariseBy(rounds);
  const s = (name: SseTarget): Summary => {
    const summary = by[name] ?? summarise([]);
    return name === 'floor' ? summary : { ...summary, errors: { ...summary.errors, network: summary.errors.network + totalErrors(memoryErrors[name]!) } };
  };
  const [ours, baseline, limit, floor] = [s('ours'), s('baseline'), s('limit'), s('floor')];
  const added = (x: Summary) => (x.oneAtATimeP50Ms ?? NaN) - (floor.oneAtATimeP50Ms ?? NaN);
  const goals: Target[] = [
    atLeast('calls/s, ours ÷ baseline', ours.callsPerSecond / baseline.callsPerSecond, 1.5),
    atLeast('calls/s, ours ÷ limit', ours.callsPerSecond / limit.callsPerSecond, 0.8),
    atMost('added over floor, p50 one at a time (ms)', added(ours), 0.5),
    atMost('CPU per call, ours ÷ limit', (ours.cpuUsPerCall ?? NaN) / (limit.cpuUsPerCall ?? NaN), 1.3),
    ...ctx.settings.idleCounts.flatMap((n) => [
      atMost(`memory per idle stream @${n}, ours ÷ baseline`, (memory.ours![n] ?? NaN) / (memory.baseline![n] ?? NaN), 0.5),
      atMost(`memory per idle stream @${n}, ours ÷ limit`, (memory.ours![n] ?? NaN) / (memory.limit![n] ?? NaN), 1.3),
    ]),
    atMost('errors (ours)', totalErrors(ours.errors), 0),
  ];
  const goal = (...prefixes: string[]): string =>
    goals.filter((g) => prefixes.some((p) => g.name.startsWith(p))).map(mark).join(', ');

  const rows: string[][] = [['metric', 'ours', 'baseline', 'limit', 'floor', 'ours÷base', 'ours÷limit', 'ours÷floor', 'target (÷base, ÷limit)']];
  const add = (metric: string, v: (x: Summary) => number | undefined, digits: number, target = ''): void => {
    const [o, b, l, f] = [v(ours), v(baseline), v(limit), v(floor)];
    rows.push([metric, fmt(o, digits), fmt(b, digits), fmt(l, digits), fmt(f, digits), fmt(ratio(o, b)), fmt(ratio(o, l)), fmt(ratio(o, f)), target]);
  };
  add(`calls/s (${CONCURRENCY} in flight, ${STREAMS} streams)`, (x) => x.callsPerSecond, 0, goal('calls/s, ours ÷ baseline', 'calls/s, ours ÷ limit'));
  add(`p50 latency at ${CONCURRENCY} in flight (ms)`, (x) => x.p50Ms, 2);
  add(`p99 latency at ${CONCURRENCY} in flight (ms)`, (x) => x.p99Ms, 2);
  add('p50 latency, one at a time (ms)', (x) => x.oneAtATimeP50Ms, 2);
  rows.push(['added over floor, p50 one at a time (ms)', fmt(added(ours), 3), fmt(added(baseline), 3), fmt(added(limit), 3), '0', fmt(added(ours) / added(baseline)), fmt(added(ours) / added(limit)), '', goal('added')]);
  add('server CPU per call (µs)', (x) => (x === floor ? undefined : x.cpuUsPerCall), 0, goal('CPU per call'));
  for (const n of ctx.settings.idleCounts) {
    const m = (name: string): number | undefined => memory[name]?.[n];
    rows.push([`memory per idle stream @${n} (KiB)`, fmt(m('ours'), 1), fmt(m('baseline'), 1), fmt(m('limit'), 1), '–', fmt(ratio(m('ours'), m('baseline'))), fmt(ratio(m('ours'), m('limit'))), '', goal(`memory per idle stream @${n}`)]);
  }
  const errors = [ours, baseline, limit, floor].map((x) => totalErrors(x.errors));
  rows.push(['errors', ...errors.map(String), '', '', '', goal('errors')]);

  return {
    title: `HTTP+SSE (the hub's lane): ${CONCURRENCY} in flight over ${STREAMS} streams`,
    table: renderTable(rows),
    figures: { ours, baseline, limit, floor, memoryKbPerStream: memory, rounds },
    targets: goals,
    errors: errors.reduce((a, b) => a + b, 0),
  };
};
