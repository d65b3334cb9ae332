// The paired phase's arithmetic: the slices' order (no target always first or after the same one) and
// their sums (CPU per call over all calls, calls/s over the time they ran, and each set of processes apart).
import { pairedTiming, ratiosByProcess, sliceOrder, sumSlices } from '../../bench/phases/paired';

describe('sliceOrder', () => {
  it('holds every target once per pass, rotated from pass to pass and reversed every other round', () => {
    expect(sliceOrder(['a', 'b', 'c'], 6)).toEqual([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
      ['c', 'b', 'a'],
      ['a', 'c', 'b'],
      ['b', 'a', 'c'],
    ]);
  });

  it('gives each target each place equally often, and follows b by a as often as a by b, over 2n passes', () => {
    const targets = ['ours 2025', 'ours 2026', 'limit 2025', 'limit 2026'];
    const passes = sliceOrder(targets, 2 * targets.length);
    for (const target of targets) {
      const places = passes.map((pass) => pass.indexOf(target));
      expect(new Set(places).size).toBe(targets.length);
      for (const place of places) expect(places.filter((p) => p === place)).toHaveLength(2);
    }
    const follows = new Map<string, number>();
    for (const pass of passes) for (let i = 1; i < pass.length; i++) follows.set(`${pass[i - 1]}>${pass[i]}`, (follows.get(`${pass[i - 1]}>${pass[i]}`) ?? 0) + 1);
    // Whatever a slice leaves behind (a warm cache, a collection) falls on its successor: b after a as often as a after b.
    for (const a of targets) for (const b of targets) if (a < b) expect([a, b, follows.get(`${a}>${b}`) ?? 0]).toEqual([a, b, follows.get(`${b}>${a}`) ?? 0]);
    expect([...follows.values()].reduce((s, n) => s + n, 0)).toBe(passes.length * (targets.length - 1));
  });
});

describe('sumSlices', () => {
  const slices = [
    { calls: 1000, cpuMs: 100, elapsedMs: 400 },
    { calls: 3000, cpuMs: 300, elapsedMs: 400 },
    { calls: 2000, cpuMs: 100, elapsedMs: 400 },
    { calls: 2000, cpuMs: 300, elapsedMs: 400 },
  ];

  it('sums calls and CPU before dividing: a slow slice weighs by its calls', () => {
    expect(sumSlices(slices)).toEqual({ calls: 8000, callsPerSecond: 5000, cpuUsPerCall: 100 });
  });

  it('says NaN, not Infinity or 0, for no calls', () => {
    expect(sumSlices([])).toEqual({ calls: 0, callsPerSecond: Number.NaN, cpuUsPerCall: Number.NaN });
  });

  it('runs 10 passes of 0.4 s on each of two sets of processes per target in a full run, and one short pass each in --quick', () => {
    expect(pairedTiming(false)).toEqual({ warmupMs: 3000, sliceMs: 400, passesPerProcess: 10, processesPerTarget: 2 });
    expect(pairedTiming(true)).toMatchObject({ passesPerProcess: 1, processesPerTarget: 1 });
  });
});

describe('ratiosByProcess', () => {
  it("divides each set of processes' CPU per call by the same set's of the other target, summed over its slices", () => {
    const ours = [
      [{ calls: 1000, cpuMs: 120, elapsedMs: 400 }, { calls: 3000, cpuMs: 360, elapsedMs: 400 }],
      [{ calls: 2000, cpuMs: 300, elapsedMs: 400 }],
    ];
    const limit = [[{ calls: 4000, cpuMs: 400, elapsedMs: 400 }], [{ calls: 1000, cpuMs: 100, elapsedMs: 400 }]];
    expect(ratiosByProcess(ours, limit)).toEqual([1.2, 1.5]);
  });

  it('says NaN for a set the other target lacks', () => {
    expect(ratiosByProcess([[{ calls: 10, cpuMs: 1, elapsedMs: 1 }]], [])).toEqual([Number.NaN]);
  });
});
