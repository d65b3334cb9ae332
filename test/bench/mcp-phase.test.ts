// The /mcp phase: its columns (both tools, both eras), its goals against the limit, and the spread over
// rounds (min–max of one column's rounds, whatever order they ran in).
import { noErrors } from '../../bench/load';
import type { McpEra } from '../../bench/mcp-client';
import { limitGoals, mcpColumns, spread } from '../../bench/phases/mcp';
import type { Round, Summary } from '../../bench/rounds';

const round = (target: string, callsPerSecond: number, cpuUsPerCall?: number): Round => ({
  target,
  concurrency: 32,
  concurrent: { calls: 100, errors: noErrors(), elapsedMs: 1000, callsPerSecond, p50Ms: 1, p99Ms: 2 },
  ...(cpuUsPerCall === undefined ? {} : { cpuUsPerCall }),
});

describe('the /mcp phase spread', () => {
  const rounds = [round('ours 2026', 900, 120), round('limit 2026', 2000, 80), round('ours 2026', 1100, 101.6), round('ours 2026', 1000, 140)];

  it('of a column with several rounds is its lowest and highest figure', () => {
    expect(spread(rounds, 'ours 2026', (r) => r.concurrent.callsPerSecond, 0)).toBe('900–1,100');
    expect(spread(rounds, 'ours 2026', (r) => r.cpuUsPerCall, 0)).toBe('102–140');
  });

  it('of a column without that figure, or without rounds, is a dash', () => {
    expect(spread([round('limit 2025', 1000)], 'limit 2025', (r) => r.cpuUsPerCall, 0)).toBe('–');
    expect(spread(rounds, 'before 2026', (r) => r.concurrent.callsPerSecond, 0)).toBe('–');
  });
});

describe('the /mcp phase columns', () => {
  const listed = (before: boolean) => Object.entries(mcpColumns(before)).map(([label, c]) => `${label}: ${c.server} ${c.era} ${c.tool}`);

  it('measure get_order and get_order_text on ours and the limit in both eras, and the v2 baseline on get_order in the 2025 era', () => {
    expect(listed(false)).toEqual([
      'ours 2025: ours 2025 get_order',
      'limit 2025: limit 2025 get_order',
      'ours 2026: ours 2026 get_order',
      'limit 2026: limit 2026 get_order',
      'v2 baseline: baseline-v2 2025 get_order',
      'ours 2025 text: ours 2025 get_order_text',
      'limit 2025 text: limit 2025 get_order_text',
      'ours 2026 text: ours 2026 get_order_text',
      'limit 2026 text: limit 2026 get_order_text',
    ]);
  });

  it('with --before, measure the build before on both tools in both eras too', () => {
    expect(listed(true).filter((line) => line.startsWith('before'))).toEqual([
      'before 2025: before 2025 get_order',
      'before 2026: before 2026 get_order',
      'before 2025 text: before 2025 get_order_text',
      'before 2026 text: before 2026 get_order_text',
    ]);
  });
});

describe('the /mcp phase goals against the limit', () => {
  const summary = (callsPerSecond: number, cpuUsPerCall: number): Summary => ({ rounds: 4, callsPerSecond, p50Ms: 1, p99Ms: 2, cpuUsPerCall, errors: noErrors() });
  // Ours at 0.9× the limit's calls/s and 1.2× its CPU everywhere, but get_order_text in the 2026 era: 0.7× and 1.4×.
  const of = (who: string, era: McpEra, text: boolean): Summary =>
    who === 'limit' ? summary(1000, 100) : text && era === '2026' ? summary(700, 140) : summary(900, 120);

  it('hold ours to calls/s ≥ 0.8× and CPU per call ≤ 1.3× the limit on both tools in each era, each goal apart', () => {
    expect(limitGoals(of).map((goal) => `${goal.name} ${goal.goal} ${goal.pass ? 'met' : 'missed'}`)).toEqual([
      'calls/s, ours ÷ limit, 2025 ≥ 0.8 met',
      'CPU per call, ours ÷ limit, 2025 ≤ 1.3 met',
      'calls/s, ours ÷ limit, 2026 ≥ 0.8 met',
      'CPU per call, ours ÷ limit, 2026 ≤ 1.3 met',
      'calls/s, ours ÷ limit, get_order_text, 2025 ≥ 0.8 met',
      'CPU per call, ours ÷ limit, get_order_text, 2025 ≤ 1.3 met',
      'calls/s, ours ÷ limit, get_order_text, 2026 ≥ 0.8 missed',
      'CPU per call, ours ÷ limit, get_order_text, 2026 ≤ 1.3 missed',
    ]);
  });
});
