// Slow upstream: the stand-in API answering after 50 ms (--slow-delay), at 128, 256 and 512
// calls in flight (two per SSE stream; one POST each on /mcp). With latency, not CPU, the limit, a server
// should deliver nearly what the API can serve: the floor. A connection cap on the upstream pool shows
// here as calls/s stuck at cap ÷ latency.
import { oursOn, SCRIPTS, type BenchContext, type Lane } from '../context';
import { totalErrors } from '../load';
import { startServer, type ChildServer } from '../processes';
import { atLeast, fmt, mark, ratio, renderTable, type Target } from '../report';
import { abba, measureRound, summariseBy, type Round, type Summary, type Timing } from '../rounds';
import { withFloorCalls, withMcpCalls, withSseCalls } from '../targets';
import { streamsFor } from './sweep';
import type { Phase } from './phase';

const LEVELS = [128, 256, 512] as const;
const TARGETS = ['floor', 'ours', 'limit'] as const;
type SlowTarget = (typeof TARGETS)[number];

type Servers = Record<'ours' | 'limit', ChildServer>;

async function round(ctx: BenchContext, lane: Lane, apiUrl: string, servers: Servers, target: SlowTarget, t: Timing): Promise<Round> {
  if (target === 'floor') return withFloorCalls(apiUrl, t.concurrency, (call) => measureRound(target, call, t));
  const server = servers[target];
  const measure = (call: Parameters<typeof measureRound>[1]) => measureRound(target, call, t, server.pid);
  return lane === 'sse'
    ? withSseCalls(server.url, streamsFor(t.concurrency), t.concurrency, ctx.settings.timeoutMs, measure)
    : withMcpCalls(server.url, '2025', t.concurrency, ctx.settings.timeoutMs, measure);
}

export const slowPhase = (lane: Lane): Phase => async (ctx) => {
  const { quick, slowDelayMs: delayMs } = ctx.settings;
  const api = await startServer(`stand-in API (${delayMs} ms)`, SCRIPTS.api, { DELAY_MS: String(delayMs) });
  const rounds: Round[] = [];
  try {
    const [ours, limit] = await Promise.all([
      ctx.start(oursOn(ctx.settings, lane), `ours (API ${delayMs} ms)`, api.url),
      ctx.start('limit', `limit (API ${delayMs} ms)`, api.url),
    ]);
    const servers = { ours, limit };
    try {
      for (const concurrency of quick ? [LEVELS[0], LEVELS[2]] : LEVELS) {
        const t: Timing = { warmupMs: quick ? 100 : 300, concurrentMs: quick ? 200 : 1500, oneAtATimeMs: 0, concurrency };
        const order = quick ? [...TARGETS] : abba(TARGETS);
        ctx.progress(`slow ${lane}: ${concurrency} in flight: ${order.join(' ')}`);
        for (const target of order) rounds.push(await round(ctx, lane, api.url, servers, target, t));
      }
    } finally {
      await Promise.all([servers.ours.stop(), servers.limit.stop()]);
    }
  } finally {
    await api.stop();
  }

  const levels = LEVELS.filter((c) => rounds.some((r) => r.concurrency === c));
  const at = Object.fromEntries(levels.map((c) => [c, summariseBy(rounds, c)])) as Record<number, Record<string, Summary>>;
  const share = (c: number, target: string) => ratio(at[c]?.[target]?.callsPerSecond, at[c]?.floor?.callsPerSecond) ?? NaN;
  const goals: Target[] = levels.map((c) => atLeast(`ours ÷ floor, calls/s @${c}`, share(c, 'ours'), 0.85));

  const rows: string[][] = [['in flight', 'floor calls/s', 'ours calls/s', 'ours÷floor', 'target', 'limit calls/s', 'limit÷floor', 'floor p50', 'ours p50', 'ours p99']];
  for (const [i, c] of levels.entries()) {
    const [f, o, l] = [at[c]?.floor, at[c]?.ours, at[c]?.limit];
    rows.push([
      String(c), fmt(f?.callsPerSecond, 0), fmt(o?.callsPerSecond, 0), fmt(share(c, 'ours')), mark(goals[i]),
      fmt(l?.callsPerSecond, 0), fmt(share(c, 'limit')), fmt(f?.p50Ms), fmt(o?.p50Ms), fmt(o?.p99Ms),
    ]);
  }
  const errors = rounds.reduce((sum, r) => sum + totalErrors(r.concurrent.errors), 0);
  return {
    title: `Slow upstream: the API answers after ${delayMs} ms; ${lane === 'sse' ? 'HTTP+SSE, two calls in flight per stream' : 'POST /mcp (2025-era)'} (latencies in ms)`,
    table: renderTable(rows),
    figures: { delayMs, levels: at, rounds },
    targets: goals,
    errors,
  };
};
