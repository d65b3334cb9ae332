// Concurrency sweep: ours and the raw-Node limit at 1, 8, 32, 128 and 512 calls in flight
// (two per SSE stream; one POST each on /mcp), A B B A at each level. Flat means calls/s at 512 stays
// within 0.9× of the figure at 32 and p99 within 3× of p50.
import type { BenchContext, Lane } from '../context';
import { totalErrors } from '../load';
import { atLeast, atMost, fmt, ratio, renderTable, renderTargets, type Target } from '../report';
import { abba, measureRound, summariseBy, type Round, type Summary, type Timing } from '../rounds';
import { withMcpCalls, withSseCalls } from '../targets';
import type { Phase } from './phase';

export const LEVELS = [1, 8, 32, 128, 512] as const;
const TARGETS = ['ours', 'limit'] as const;

/** Streams a level's calls are spread over on the SSE lane: two calls in flight per stream. */
export const streamsFor = (concurrency: number): number => Math.max(1, Math.floor(concurrency / 2));

async function round(ctx: BenchContext, lane: Lane, target: (typeof TARGETS)[number], t: Timing): Promise<Round> {
  const server = target === 'ours' ? await ctx.ours(lane) : await ctx.server('limit');
  const { concurrency } = t;
  const measure = (call: Parameters<typeof measureRound>[1]) => measureRound(target, call, t, server.pid);
  return lane === 'sse'
    ? withSseCalls(server.url, streamsFor(concurrency), concurrency, ctx.settings.timeoutMs, measure)
    : withMcpCalls(server.url, '2025', concurrency, ctx.settings.timeoutMs, measure);
}

export function sweepPhase(lane: Lane): Phase {
  return async (ctx) => {
    const quick = ctx.settings.quick;
    const rounds: Round[] = [];
    await Promise.all([ctx.ours(lane), ctx.server('limit')]);
    for (const concurrency of LEVELS) {
      const t: Timing = { warmupMs: quick ? 0 : 300, concurrentMs: quick ? 150 : 1200, oneAtATimeMs: 0, concurrency };
      const order = quick ? [...TARGETS] : abba(TARGETS);
      ctx.progress(`sweep ${lane}: ${concurrency} in flight: ${order.join(' ')}`);
      for (const target of order) rounds.push(await round(ctx, lane, target, t));
    }

    const at = Object.fromEntries(LEVELS.map((c) => [c, summariseBy(rounds, c)])) as Record<number, Record<string, Summary>>;
    const get = (c: number, target: string): Summary | undefined => at[c]?.[target];
    const flatness = (target: string) => ratio(get(512, target)?.callsPerSecond, get(32, target)?.callsPerSecond) ?? NaN;
    const spread = (target: string) => ratio(get(512, target)?.p99Ms, get(512, target)?.p50Ms) ?? NaN;
    const goals: Target[] = [
      atLeast('ours: calls/s @512 ÷ @32', flatness('ours'), 0.9),
      atMost('ours: p99 ÷ p50 @512', spread('ours'), 3),
    ];

    const head = ['in flight', ...(lane === 'sse' ? ['streams'] : []), 'ours calls/s', 'p50 ms', 'p99 ms', 'limit calls/s', 'p50 ms', 'p99 ms', 'ours÷limit'];
    const rows: string[][] = [head];
    for (const c of LEVELS) {
      const [o, l] = [get(c, 'ours'), get(c, 'limit')];
      rows.push([
        String(c),
        ...(lane === 'sse' ? [String(streamsFor(c))] : []),
        fmt(o?.callsPerSecond, 0), fmt(o?.p50Ms), fmt(o?.p99Ms),
        fmt(l?.callsPerSecond, 0), fmt(l?.p50Ms), fmt(l?.p99Ms),
        fmt(ratio(o?.callsPerSecond, l?.callsPerSecond)),
      ]);
    }
    const summary = `  limit: calls/s @512 ÷ @32 ${fmt(flatness('limit'))}, p99 ÷ p50 @512 ${fmt(spread('limit'))}`;
    const errors = rounds.reduce((sum, r) => sum + totalErrors(r.concurrent.errors), 0);
    return {
      title: `Concurrency sweep, ${lane === 'sse' ? 'HTTP+SSE (two calls in flight per stream)' : 'POST /mcp (2025-era)'}`,
      table: `${renderTable(rows)}\n${renderTargets(goals)}\n${summary}`,
      figures: { levels: at, flatness: { ours: flatness('ours'), limit: flatness('limit') }, rounds },
      targets: goals,
      errors,
    };
  };
}
