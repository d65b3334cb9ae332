// The modern lane, POST /mcp (issues 8.6, 19): ours as a 2025-era client and as a 2026-07-28 client calls
// it, each era beside the raw-Node limit doing that era's work by hand, and the SDK v2 baseline
// (createMcpHandler + toNodeHandler); with --before, the previous build in both eras too. Interleaved
// A B C … C B A (`--repeat` times); figures are medians of rounds, with their spread (min–max).
import type { BenchContext, ServerName } from '../context';
import { totalErrors } from '../load';
import type { McpEra } from '../mcp-client';
import { atLeast, atMost, fmt, ratio, renderTable, type Target } from '../report';
import { abba, measureRound, summarise, summariseBy, type Round, type Summary, type Timing } from '../rounds';
import { withMcpCalls } from '../targets';
import type { Phase } from './phase';

export const MCP_CONCURRENCY = 32;

/** A measured column: which server, as a client of which era. */
interface McpTarget {
  readonly server: ServerName;
  readonly era: McpEra;
}

const TARGETS = {
  'ours 2025': { server: 'ours', era: '2025' },
  'limit 2025': { server: 'limit', era: '2025' },
  'ours 2026': { server: 'ours', era: '2026' },
  'limit 2026': { server: 'limit', era: '2026' },
  'v2 baseline': { server: 'baseline-v2', era: '2025' },
} as const satisfies Record<string, McpTarget>;
const BEFORE = {
  'before 2025': { server: 'before', era: '2025' },
  'before 2026': { server: 'before', era: '2026' },
} as const satisfies Record<string, McpTarget>;
// An OAuth-mode row (MCP_AUTH=oauth beside headers mode) is its own phase, bench/phases/oauth.ts: it can
// measure with `mcpRound` below, so its figures are taken exactly as these are.

export function mcpTimings(quick: boolean): { first: Timing; round: Timing } {
  return {
    first: { warmupMs: 0, concurrentMs: quick ? 200 : 2000, oneAtATimeMs: quick ? 50 : 500, concurrency: MCP_CONCURRENCY },
    round: { warmupMs: quick ? 50 : 500, concurrentMs: quick ? 250 : 3000, oneAtATimeMs: quick ? 100 : 1000, concurrency: MCP_CONCURRENCY },
  };
}

/** One round of POST /mcp tools/call against `server` (a shared process) as a client of `era`. */
export async function mcpRound(ctx: BenchContext, label: string, server: ServerName, era: McpEra, t: Timing): Promise<Round> {
  const running = server === 'ours' ? await ctx.ours('mcp') : await ctx.server(server);
  return withMcpCalls(running.url, era, MCP_CONCURRENCY, ctx.settings.timeoutMs, (call) => measureRound(label, call, t, running.pid));
}

/** The spread of one figure over a target's rounds, as "min–max". */
export function spread(rounds: readonly Round[], label: string, value: (r: Round) => number | undefined, digits: number): string {
  const values = rounds.filter((r) => r.target === label).flatMap((r) => (value(r) === undefined ? [] : [value(r)!]));
  return values.length === 0 ? '–' : `${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}`;
}

export const mcpPhase: Phase = async (ctx) => {
  const { first, round } = mcpTimings(ctx.settings.quick);
  const columns: Record<string, McpTarget> = { ...TARGETS, ...(ctx.settings.before === undefined ? {} : BEFORE) };
  const labels = Object.keys(columns);
  await Promise.all([...new Set(Object.values(columns).map((c) => c.server))].map((name) => (name === 'ours' ? ctx.ours('mcp') : ctx.server(name))));
  ctx.progress(`mcp: warm-up: ${labels.join(', ')}`);
  for (const label of labels) await mcpRound(ctx, label, columns[label]!.server, columns[label]!.era, first);
  const rounds: Round[] = [];
  const order = abba(labels, ctx.settings.passes);
  for (const [i, label] of order.entries()) {
    ctx.progress(`mcp: round ${i + 1}/${order.length}: ${label}`);
    rounds.push(await mcpRound(ctx, label, columns[label]!.server, columns[label]!.era, round));
  }

  const by = summariseBy(rounds);
  const s = (label: string): Summary => by[label] ?? summarise([]);
  const cpu = (x: Summary) => x.cpuUsPerCall ?? NaN;
  const [ours, modern, limit, limitModern, baseline] = [s('ours 2025'), s('ours 2026'), s('limit 2025'), s('limit 2026'), s('v2 baseline')];
  const goals: Target[] = [
    atLeast('calls/s, ours ÷ v2 baseline, 2025', ours.callsPerSecond / baseline.callsPerSecond, 2),
    atMost('CPU per call, ours ÷ v2 baseline, 2025', cpu(ours) / cpu(baseline), 0.5),
    atLeast('calls/s, ours ÷ limit, 2025', ours.callsPerSecond / limit.callsPerSecond, 0.8),
    atMost('CPU per call, ours ÷ limit, 2025', cpu(ours) / cpu(limit), 1.3),
    atLeast('calls/s, ours ÷ limit, 2026', modern.callsPerSecond / limitModern.callsPerSecond, 0.8),
    atMost('CPU per call, ours ÷ limit, 2026', cpu(modern) / cpu(limitModern), 1.3),
    atMost('errors (ours, both eras)', totalErrors(ours.errors) + totalErrors(modern.errors), 0),
  ];

  const rows: string[][] = [['metric', ...labels]];
  const add = (metric: string, v: (x: Summary) => number | undefined, digits: number): void => {
    rows.push([metric, ...labels.map((label) => fmt(v(s(label)), digits))]);
  };
  const range = (metric: string, v: (r: Round) => number | undefined, digits: number): void => {
    rows.push([metric, ...labels.map((label) => spread(rounds, label, v, digits))]);
  };
  add(`calls/s (${MCP_CONCURRENCY} in flight)`, (x) => x.callsPerSecond, 0);
  range('  spread over rounds', (r) => r.concurrent.callsPerSecond, 0);
  add(`p50 latency at ${MCP_CONCURRENCY} in flight (ms)`, (x) => x.p50Ms, 2);
  add(`p99 latency at ${MCP_CONCURRENCY} in flight (ms)`, (x) => x.p99Ms, 2);
  add('p50 latency, one at a time (ms)', (x) => x.oneAtATimeP50Ms, 2);
  add('server CPU per call (µs)', (x) => x.cpuUsPerCall, 0);
  range('  spread over rounds', (r) => r.cpuUsPerCall, 0);

  // Each era against its own limit (and the previous build's, with --before); a cell with a target is marked.
  const eraRows: string[][] = [['ratio (medians of rounds)', '2025 era', '2026 era', 'target']];
  const pair = (name: string, a: (era: McpEra) => number | undefined): void => {
    const targetOf = (era: McpEra) => goals.find((g) => g.name === `${name}, ${era}`);
    const cell = (era: McpEra) => `${fmt(a(era))}${targetOf(era) ? (targetOf(era)!.pass ? ' ✓' : ' ✗') : ''}`;
    eraRows.push([name, cell('2025'), cell('2026'), (targetOf('2025') ?? targetOf('2026'))?.goal ?? '']);
  };
  const of = (who: string, era: McpEra): Summary => s(`${who} ${era}`);
  pair('calls/s, ours ÷ limit', (era) => ratio(of('ours', era).callsPerSecond, of('limit', era).callsPerSecond));
  pair('CPU per call, ours ÷ limit', (era) => ratio(of('ours', era).cpuUsPerCall, of('limit', era).cpuUsPerCall));
  pair('calls/s, ours ÷ v2 baseline', (era) => (era === '2025' ? ratio(ours.callsPerSecond, baseline.callsPerSecond) : undefined));
  pair('CPU per call, ours ÷ v2 baseline', (era) => (era === '2025' ? ratio(cpu(ours), cpu(baseline)) : undefined));
  if (ctx.settings.before !== undefined) {
    pair('calls/s, before ÷ limit', (era) => ratio(of('before', era).callsPerSecond, of('limit', era).callsPerSecond));
    pair('CPU per call, before ÷ limit', (era) => ratio(of('before', era).cpuUsPerCall, of('limit', era).cpuUsPerCall));
    pair('CPU per call, ours ÷ before', (era) => ratio(of('ours', era).cpuUsPerCall, of('before', era).cpuUsPerCall));
  }
  rows.push(['errors', ...labels.map((label) => String(totalErrors(s(label).errors)))]);
  const errors = labels.map((label) => totalErrors(s(label).errors)).reduce((a, b) => a + b, 0);
  return {
    title: `POST /mcp (Streamable HTTP, stateless): ${MCP_CONCURRENCY} in flight; each era beside the limit doing that era's work`,
    table: `${renderTable(rows)}\n\n${renderTable(eraRows)}`,
    figures: {
      ours,
      ours2026: modern,
      baselineV2: baseline,
      limit,
      limit2026: limitModern,
      ...(ctx.settings.before === undefined ? {} : { before: s('before 2025'), before2026: s('before 2026') }),
      rounds,
    },
    targets: goals,
    errors,
  };
};
