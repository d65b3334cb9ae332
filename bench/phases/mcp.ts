// The modern lane, POST /mcp: ours as a 2025-era client and as a 2026-07-28 client calls it, each era
// beside the raw-Node limit doing that era's work by hand, and the SDK v2 baseline (createMcpHandler +
// toNodeHandler); with --before, the previous build in both eras too. Two tools on ours, the limit and the
// build before: get_order, which declares an output (the API's JSON parsed once and sent as structuredContent
// beside its text), and get_order_text, the same pass-through without one (the API's text alone), so both
// paths of a tool call are watched. Interleaved A B C … C B A (`--repeat` times); figures are medians of
// rounds, with their spread (min–max).
import { TOOL, type BenchContext, type ServerName } from '../context';
import { totalErrors } from '../load';
import { MCP_ERAS, type McpEra } from '../mcp-client';
import { ORDER_TEXT_TOOL } from '../order-text-tool';
import { atLeast, atMost, fmt, ratio, renderTable, type Target } from '../report';
import { abba, measureRound, summarise, summariseBy, type Round, type Summary, type Timing } from '../rounds';
import { withMcpCalls } from '../targets';
import type { Phase } from './phase';

export const MCP_CONCURRENCY = 32;

/** A measured column: which server, as a client of which era, calling which tool. */
interface McpTarget {
  readonly server: ServerName;
  readonly era: McpEra;
  readonly tool: string;
}

/** The label of a column: `ours 2025` calls get_order, `ours 2025 text` get_order_text. */
const label = (who: string, era: McpEra, text = false): string => `${who} ${era}${text ? ' text' : ''}`;

/**
 * The columns, in the order of their rounds: get_order on ours and the limit in both eras, the v2 baseline
 * (get_order, 2025 era: its targets are for that call) and the build before; then get_order_text on each
 * but the baseline.
 */
export function mcpColumns(before: boolean): Record<string, McpTarget> {
  const columns: Record<string, McpTarget> = {};
  for (const text of [false, true]) {
    const tool = text ? ORDER_TEXT_TOOL : TOOL;
    for (const era of MCP_ERAS) for (const who of ['ours', 'limit'] as const) columns[label(who, era, text)] = { server: who, era, tool };
    if (!text) columns['v2 baseline'] = { server: 'baseline-v2', era: '2025', tool };
    if (before) for (const era of MCP_ERAS) columns[label('before', era, text)] = { server: 'before', era, tool };
  }
  return columns;
}

/** A ratio's name for get_order, or (`text`) for get_order_text; a goal's name adds the era. */
const ratioName = (metric: string, who: string, text: boolean): string => `${metric}, ${who}${text ? `, ${ORDER_TEXT_TOOL}` : ''}`;

/** The goals of ours against the limit, in each era, for both tools alike. */
export function limitGoals(of: (who: string, era: McpEra, text: boolean) => Summary): Target[] {
  return [false, true].flatMap((text) =>
    MCP_ERAS.flatMap((era) => {
      const [ours, limit] = [of('ours', era, text), of('limit', era, text)];
      return [
        atLeast(`${ratioName('calls/s', 'ours ÷ limit', text)}, ${era}`, ours.callsPerSecond / limit.callsPerSecond, 0.8),
        atMost(`${ratioName('CPU per call', 'ours ÷ limit', text)}, ${era}`, (ours.cpuUsPerCall ?? NaN) / (limit.cpuUsPerCall ?? NaN), 1.3),
      ];
    }),
  );
}
// An OAuth-mode row (MCP_AUTH=oauth beside headers mode) is its own phase, bench/phases/oauth.ts: it can
// measure with `mcpRound` below, so its figures are taken exactly as these are.

export function mcpTimings(quick: boolean): { first: Timing; round: Timing } {
  return {
    first: { warmupMs: 0, concurrentMs: quick ? 200 : 2000, oneAtATimeMs: quick ? 50 : 500, concurrency: MCP_CONCURRENCY },
    round: { warmupMs: quick ? 50 : 500, concurrentMs: quick ? 250 : 3000, oneAtATimeMs: quick ? 100 : 1000, concurrency: MCP_CONCURRENCY },
  };
}

/** One round of POST /mcp tools/call of `tool` against `server` (a shared process) as a client of `era`. */
export async function mcpRound(ctx: BenchContext, label: string, server: ServerName, era: McpEra, t: Timing, tool: string = TOOL): Promise<Round> {
  const running = server === 'ours' ? await ctx.ours('mcp') : await ctx.server(server);
  return withMcpCalls(running.url, era, MCP_CONCURRENCY, ctx.settings.timeoutMs, (call) => measureRound(label, call, t, running.pid), tool);
}

/** The spread of one figure over a target's rounds, as "min–max". */
export function spread(rounds: readonly Round[], label: string, value: (r: Round) => number | undefined, digits: number): string {
  const values = rounds.filter((r) => r.target === label).flatMap((r) => (value(r) === undefined ? [] : [value(r)!]));
  return values.length === 0 ? '–' : `${fmt(Math.min(...values), digits)}–${fmt(Math.max(...values), digits)}`;
}

/** The figures of some columns side by side: medians of rounds, with their spread. */
function columnTable(heading: string, shown: readonly string[], s: (name: string) => Summary, rounds: readonly Round[]): string {
  const rows: string[][] = [[heading, ...shown]];
  const add = (metric: string, v: (x: Summary) => number | undefined, digits: number): void => {
    rows.push([metric, ...shown.map((name) => fmt(v(s(name)), digits))]);
  };
  const range = (metric: string, v: (r: Round) => number | undefined, digits: number): void => {
    rows.push([metric, ...shown.map((name) => spread(rounds, name, v, digits))]);
  };
  add(`calls/s (${MCP_CONCURRENCY} in flight)`, (x) => x.callsPerSecond, 0);
  range('  spread over rounds', (r) => r.concurrent.callsPerSecond, 0);
  add(`p50 latency at ${MCP_CONCURRENCY} in flight (ms)`, (x) => x.p50Ms, 2);
  add(`p99 latency at ${MCP_CONCURRENCY} in flight (ms)`, (x) => x.p99Ms, 2);
  add('p50 latency, one at a time (ms)', (x) => x.oneAtATimeP50Ms, 2);
  add('server CPU per call (µs)', (x) => x.cpuUsPerCall, 0);
  range('  spread over rounds', (r) => r.cpuUsPerCall, 0);
  rows.push(['errors', ...shown.map((name) => String(totalErrors(s(name).errors)))]);
  return renderTable(rows);
}

export const mcpPhase: Phase = async (ctx) => {
  const { first, round } = mcpTimings(ctx.settings.quick);
  const columns = mcpColumns(ctx.settings.before !== undefined);
  const labels = Object.keys(columns);
  await Promise.all([...new Set(Object.values(columns).map((c) => c.server))].map((name) => (name === 'ours' ? ctx.ours('mcp') : ctx.server(name))));
  const measure = (name: string, t: Timing): Promise<Round> => mcpRound(ctx, name, columns[name]!.server, columns[name]!.era, t, columns[name]!.tool);
  ctx.progress(`mcp: warm-up: ${labels.join(', ')}`);
  for (const name of labels) await measure(name, first);
  const rounds: Round[] = [];
  const order = abba(labels, ctx.settings.passes);
  for (const [i, name] of order.entries()) {
    ctx.progress(`mcp: round ${i + 1}/${order.length}: ${name}`);
    rounds.push(await measure(name, round));
  }

  const by = summariseBy(rounds);
  const s = (name: string): Summary => by[name] ?? summarise([]);
  const of = (who: string, era: McpEra, text = false): Summary => s(label(who, era, text));
  const cpu = (x: Summary) => x.cpuUsPerCall ?? NaN;
  const [ours, baseline] = [of('ours', '2025'), s('v2 baseline')];
  const oursErrors = labels.filter((name) => columns[name]!.server === 'ours').reduce((sum, name) => sum + totalErrors(s(name).errors), 0);
  const goals: Target[] = [
    atLeast('calls/s, ours ÷ v2 baseline, 2025', ours.callsPerSecond / baseline.callsPerSecond, 2),
    atMost('CPU per call, ours ÷ v2 baseline, 2025', cpu(ours) / cpu(baseline), 0.5),
    ...limitGoals(of),
    atMost('errors (ours, both eras, both tools)', oursErrors, 0),
  ];

  // Each era against its own limit (and the previous build's, with --before); a cell with a target is marked.
  const eraRows: string[][] = [['ratio (medians of rounds)', '2025 era', '2026 era', 'target']];
  const pair = (name: string, a: (era: McpEra) => number | undefined): void => {
    const targetOf = (era: McpEra) => goals.find((g) => g.name === `${name}, ${era}`);
    const cell = (era: McpEra) => `${fmt(a(era))}${targetOf(era) ? (targetOf(era)!.pass ? ' ✓' : ' ✗') : ''}`;
    eraRows.push([name, cell('2025'), cell('2026'), (targetOf('2025') ?? targetOf('2026'))?.goal ?? '']);
  };
  for (const text of [false, true]) {
    pair(ratioName('calls/s', 'ours ÷ limit', text), (era) => ratio(of('ours', era, text).callsPerSecond, of('limit', era, text).callsPerSecond));
    pair(ratioName('CPU per call', 'ours ÷ limit', text), (era) => ratio(of('ours', era, text).cpuUsPerCall, of('limit', era, text).cpuUsPerCall));
  }
  pair('calls/s, ours ÷ v2 baseline', (era) => (era === '2025' ? ratio(ours.callsPerSecond, baseline.callsPerSecond) : undefined));
  pair('CPU per call, ours ÷ v2 baseline', (era) => (era === '2025' ? ratio(cpu(ours), cpu(baseline)) : undefined));
  if (ctx.settings.before !== undefined) {
    for (const text of [false, true]) {
      pair(ratioName('calls/s', 'before ÷ limit', text), (era) => ratio(of('before', era, text).callsPerSecond, of('limit', era, text).callsPerSecond));
      pair(ratioName('CPU per call', 'before ÷ limit', text), (era) => ratio(of('before', era, text).cpuUsPerCall, of('limit', era, text).cpuUsPerCall));
      pair(ratioName('CPU per call', 'ours ÷ before', text), (era) => ratio(of('ours', era, text).cpuUsPerCall, of('before', era, text).cpuUsPerCall));
    }
  }
  const byTool = (text: boolean) => labels.filter((name) => (columns[name]!.tool === ORDER_TEXT_TOOL) === text);
  const tables = [
    columnTable(`${TOOL} (with structuredContent)`, byTool(false), s, rounds),
    columnTable(`${ORDER_TEXT_TOOL} (no output: text only)`, byTool(true), s, rounds),
    renderTable(eraRows),
  ];
  const textFigures = (who: string) => ({ [`${who}Text`]: of(who, '2025', true), [`${who}Text2026`]: of(who, '2026', true) });
  return {
    title: `POST /mcp (Streamable HTTP, stateless): ${MCP_CONCURRENCY} in flight; each era beside the limit doing that era's work, for a tool with an output and one without`,
    table: tables.join('\n\n'),
    figures: {
      ours,
      ours2026: of('ours', '2026'),
      baselineV2: baseline,
      limit: of('limit', '2025'),
      limit2026: of('limit', '2026'),
      ...textFigures('ours'),
      ...textFigures('limit'),
      ...(ctx.settings.before === undefined ? {} : { before: of('before', '2025'), before2026: of('before', '2026'), ...textFigures('before') }),
      rounds,
    },
    targets: goals,
    errors: labels.map((name) => totalErrors(s(name).errors)).reduce((a, b) => a + b, 0),
  };
};
