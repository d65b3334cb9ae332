// The modern lane, POST /mcp (issue 8.6): ours as a 2025-era client and as a 2026-07-28 client calls it,
// beside the SDK v2 baseline (createMcpHandler + toNodeHandler) and the raw-Node limit, interleaved A B C D D C B A
// (`--repeat` times).
import type { BenchContext } from '../context';
import { totalErrors } from '../load';
import type { McpEra } from '../mcp-client';
import { atLeast, atMost, fmt, mark, ratio, renderTable, type Target } from '../report';
import { abba, measureRound, summarise, summariseBy, type Round, type Summary, type Timing } from '../rounds';
import { withMcpCalls } from '../targets';
import type { Phase } from './phase';

const CONCURRENCY = 32;
const TARGETS = {
  ours: { server: 'ours', era: '2025' },
  'ours-2026': { server: 'ours', era: '2026' },
  'baseline-v2': { server: 'baseline-v2', era: '2025' },
  limit: { server: 'limit', era: '2025' },
} as const satisfies Record<string, { server: 'ours' | 'baseline-v2' | 'limit'; era: McpEra }>;
type McpTarget = keyof typeof TARGETS;

function timings(ctx: BenchContext): { first: Timing; round: Timing } {
  const quick = ctx.settings.quick;
  return {
    first: { warmupMs: 0, concurrentMs: quick ? 200 : 2000, oneAtATimeMs: quick ? 50 : 500, concurrency: CONCURRENCY },
    round: { warmupMs: quick ? 50 : 500, concurrentMs: quick ? 250 : 3000, oneAtATimeMs: quick ? 100 : 1000, concurrency: CONCURRENCY },
  };
}

async function round(ctx: BenchContext, target: McpTarget, t: Timing): Promise<Round> {
  const { server: name, era } = TARGETS[target];
  const server = name === 'ours' ? await ctx.ours('mcp') : await ctx.server(name);
  return withMcpCalls(server.url, era, CONCURRENCY, ctx.settings.timeoutMs, (call) => measureRound(target, call, t, server.pid));
}

export const mcpPhase: Phase = async (ctx) => {
  const t = timings(ctx);
  const targets = Object.keys(TARGETS) as McpTarget[];
  await Promise.all([ctx.ours('mcp'), ctx.server('baseline-v2'), ctx.server('limit')]);
  ctx.progress(`mcp: warm-up: ${targets.join(', ')}`);
  for (const target of targets) await round(ctx, target, t.first);
  const rounds: Round[] = [];
  const order = abba(targets, ctx.settings.passes);
  for (const [i, target] of order.entries()) {
    ctx.progress(`mcp: round ${i + 1}/${order.length}: ${target}`);
    rounds.push(await round(ctx, target, t.round));
  }

  const by = summariseBy(rounds);
  const s = (name: McpTarget): Summary => by[name] ?? summarise([]);
  const [ours, modern, baseline, limit] = [s('ours'), s('ours-2026'), s('baseline-v2'), s('limit')];
  const cpu = (x: Summary) => x.cpuUsPerCall ?? NaN;
  const goals: Target[] = [
    atLeast('calls/s, ours ÷ v2 baseline', ours.callsPerSecond / baseline.callsPerSecond, 2),
    atMost('CPU per call, ours ÷ v2 baseline', cpu(ours) / cpu(baseline), 0.5),
    atLeast('calls/s, ours ÷ limit', ours.callsPerSecond / limit.callsPerSecond, 0.8),
    atMost('CPU per call, ours ÷ limit', cpu(ours) / cpu(limit), 1.3),
    atMost('errors (ours, both eras)', totalErrors(ours.errors) + totalErrors(modern.errors), 0),
  ];
  const goal = (...prefixes: string[]): string =>
    goals.filter((g) => prefixes.some((p) => g.name.startsWith(p))).map(mark).join(', ');

  const rows: string[][] = [['metric', 'ours 2025', 'ours 2026', 'v2 baseline', 'limit', 'ours÷v2', 'ours÷limit', 'target (÷v2, ÷limit)']];
  const add = (metric: string, v: (x: Summary) => number | undefined, digits: number, target = ''): void => {
    const [o, m, b, l] = [v(ours), v(modern), v(baseline), v(limit)];
    rows.push([metric, fmt(o, digits), fmt(m, digits), fmt(b, digits), fmt(l, digits), fmt(ratio(o, b)), fmt(ratio(o, l)), target]);
  };
  add(`calls/s (${CONCURRENCY} in flight)`, (x) => x.callsPerSecond, 0, goal('calls/s, ours ÷ v2', 'calls/s, ours ÷ limit'));
  add(`p50 latency at ${CONCURRENCY} in flight (ms)`, (x) => x.p50Ms, 2);
  add(`p99 latency at ${CONCURRENCY} in flight (ms)`, (x) => x.p99Ms, 2);
  add('p50 latency, one at a time (ms)', (x) => x.oneAtATimeP50Ms, 2);
  add('server CPU per call (µs)', (x) => x.cpuUsPerCall, 0, goal('CPU per call, ours ÷ v2', 'CPU per call, ours ÷ limit'));
  const errors = [ours, modern, baseline, limit].map((x) => totalErrors(x.errors));
  rows.push(['errors', ...errors.map(String), '', '', mark(goals.at(-1))]);

  return {
    title: `POST /mcp (Streamable HTTP, stateless): ${CONCURRENCY} in flight; ratios are of the 2025-era column`,
    table: renderTable(rows),
    figures: { ours, ours2026: modern, baselineV2: baseline, limit, rounds },
    targets: goals,
    errors: errors.reduce((a, b) => a + b, 0),
  };
};
