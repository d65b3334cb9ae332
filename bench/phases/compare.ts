// Before and after a change, side by side in one run: ours and a previous build (--before) on the hub's
// lane, in interleaved rounds (A B B A …), so drift in the machine's load falls on both alike.
import type { BenchContext } from '../context';
import { totalErrors } from '../load';
import { fmt, ratio, renderTable } from '../report';
import { abba, measureRound, summariseBy, summarise, type Round, type Timing } from '../rounds';
import { withSseCalls } from '../targets';
import type { Phase } from './phase';

const CONCURRENCY = 32;
const STREAMS = 16;
const TARGETS = ['ours', 'before'] as const;

async function round(ctx: BenchContext, target: (typeof TARGETS)[number], t: Timing): Promise<Round> {
  const server = await ctx.server(target);
  return withSseCalls(server.url, STREAMS, CONCURRENCY, ctx.settings.timeoutMs, (call) => measureRound(target, call, t, server.pid));
}

export const comparePhase: Phase = async (ctx) => {
  const { quick, concurrentMs } = ctx.settings;
  const t: Timing = { warmupMs: quick ? 50 : 500, concurrentMs, oneAtATimeMs: quick ? 100 : 1500, concurrency: CONCURRENCY };
  await Promise.all(TARGETS.map((name) => ctx.server(name)));
  for (const target of TARGETS) await round(ctx, target, { ...t, concurrentMs: quick ? 200 : 2000 });
  const rounds: Round[] = [];
  const order = [...abba([...TARGETS]), ...abba([...TARGETS])];
  for (const [i, target] of order.entries()) {
    ctx.progress(`compare: round ${i + 1}/${order.length}: ${target}`);
    rounds.push(await round(ctx, target, t));
  }
  const by = summariseBy(rounds);
  const [ours, before] = [by.ours ?? summarise([]), by.before ?? summarise([])];
  const rows = [['metric', 'after (ours)', 'before', 'after÷before']];
  const add = (metric: string, a: number | undefined, b: number | undefined, digits: number) =>
    rows.push([metric, fmt(a, digits), fmt(b, digits), fmt(ratio(a, b))]);
  add(`calls/s (${CONCURRENCY} in flight, ${STREAMS} streams)`, ours.callsPerSecond, before.callsPerSecond, 0);
  add('p50 latency, one at a time (ms)', ours.oneAtATimeP50Ms, before.oneAtATimeP50Ms, 2);
  add('server CPU per call (µs)', ours.cpuUsPerCall, before.cpuUsPerCall, 0);
  const errors = totalErrors(ours.errors) + totalErrors(before.errors);
  rows.push(['errors', String(totalErrors(ours.errors)), String(totalErrors(before.errors)), '']);
  return {
    title: 'Before and after, HTTP+SSE: ours beside the --before build',
    table: renderTable(rows),
    figures: { ours, before, rounds },
    targets: [],
    errors,
  };
};
