// The bench's command line and round order: every phase by default, unknown phases refused with the usage
// text, and A B B A interleaving so that drift during a run hits every target alike.
import { abba, median, summarise, type Round } from '../../bench/rounds';
import { parseSettings } from '../../bench/settings';

const PHASES = ['sse', 'mcp', 'sweep', 'slow'];

describe('bench settings', () => {
  it('run every default phase, in order, when --phases is not given', () => {
    const settings = parseSettings([], PHASES, ['sweep-mcp']);
    expect(settings).toMatchObject({ quick: false, phases: PHASES, concurrentMs: 4000, idleCounts: [1000, 5000] });
  });

  it('--phases picks and orders phases, optional ones included', () => {
    expect(parseSettings(['--phases', 'slow,sweep-mcp', '--quick'], PHASES, ['sweep-mcp'])).toMatchObject({
      quick: true,
      phases: ['slow', 'sweep-mcp'],
    });
  });

  it('an unknown phase is refused with the usage text naming it', () => {
    expect(() => parseSettings(['--phases', 'sse,nope'], PHASES)).toThrow(/unknown phase\(s\): nope[\s\S]*Usage/);
  });

  it('--upstream-connections must be a whole number', () => {
    expect(() => parseSettings(['--upstream-connections', 'many'], PHASES)).toThrow(/Usage/);
    expect(parseSettings(['--upstream-connections', '0'], PHASES)).toMatchObject({ upstreamConnections: '0' });
  });

  it('--repeat sets the A B B A passes of the comparisons: 2 by default, 1 in a quick run, a whole number 1–10', () => {
    expect(parseSettings([], PHASES)).toMatchObject({ passes: 2 });
    expect(parseSettings(['--quick'], PHASES)).toMatchObject({ passes: 1 });
    expect(parseSettings(['--repeat', '3'], PHASES)).toMatchObject({ passes: 3 });
    for (const bad of ['0', '1.5', 'x', '11']) expect(() => parseSettings(['--repeat', bad], PHASES)).toThrow(/--repeat[\s\S]*Usage/);
  });

  it('--node-flags are split into arguments; none by default', () => {
    expect(parseSettings([], PHASES)).toMatchObject({ nodeFlags: [] });
    expect(parseSettings(['--node-flags=--max-semi-space-size=64  --stack-size=2000'], PHASES)).toMatchObject({
      nodeFlags: ['--max-semi-space-size=64', '--stack-size=2000'],
    });
  });
});

describe('abba', () => {
  it('mirrors the targets so each sits symmetrically around the middle of the run', () => {
    expect(abba(['floor', 'ours', 'limit'])).toEqual(['floor', 'ours', 'limit', 'limit', 'ours', 'floor']);
    expect(abba(['a', 'b'], 2)).toEqual(['a', 'b', 'b', 'a', 'a', 'b', 'b', 'a']);
  });
});

describe('summarise', () => {
  const round = (cpuUsPerCall: number, callsPerSecond: number): Round => ({
    target: 'ours',
    concurrency: 32,
    cpuUsPerCall,
    concurrent: { calls: 1, errors: { http: 0, jsonrpc: 0, isError: 0, timeout: 0, network: 0 }, elapsedMs: 1, callsPerSecond, p50Ms: 1, p99Ms: 2 },
  });

  it('takes the median of the rounds, so one slow minute does not carry into the figure', () => {
    expect(median([])).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    // Four rounds, one of them in a slow minute: the mean would say 214 µs and 4,500 calls/s.
    const summary = summarise([round(186, 5200), round(289, 3400), round(194, 5000), round(186, 4400)]);
    expect([summary.cpuUsPerCall, summary.callsPerSecond]).toEqual([190, 4700]);
  });
});
