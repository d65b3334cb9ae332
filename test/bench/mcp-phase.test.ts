// The /mcp phase's spread over rounds: min–max of one column's rounds, whatever order they ran in.
import { noErrors } from '../../bench/load';
import { spread } from '../../bench/phases/mcp';
import type { Round } from '../../bench/rounds';

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
