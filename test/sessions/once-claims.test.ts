// Single-use claims in one process (the memory bus, and the cluster primary for its workers).
import { MemoryBus } from '../../src/sessions/memory-bus';
import { CallTracker } from '../../src/sessions/calls';
import { OnceClaims } from '../../src/sessions/once-claims';

describe('OnceClaims', () => {
  it('grants a key once, refuses it while the claim holds, and grants it again once the claim has expired', () => {
    let now = 1_000;
    const claims = new OnceClaims(10, () => now);
    expect(claims.claim('state:a', 500)).toBe(true);
    expect(claims.claim('state:a', 500)).toBe(false);
    expect(claims.claim('state:b', 500)).toBe(true);
    now += 500;
    expect(claims.claim('state:a', 500)).toBe(true);
  });

  it('holds at most its bound: expired claims go first, then the oldest', () => {
    let now = 0;
    const claims = new OnceClaims(3, () => now);
    claims.claim('short', 10);
    claims.claim('x', 1_000);
    claims.claim('y', 1_000);
    now = 20;
    expect(claims.claim('z', 1_000)).toBe(true);
    expect(claims.size).toBe(3);
    expect(claims.claim('x', 1_000)).toBe(false);
    expect(claims.claim('w', 1_000)).toBe(true);
    expect(claims.size).toBe(3);
    // The oldest live claim made room.
    expect(claims.claim('x', 1_000)).toBe(true);
  });
});

describe('MemoryBus.claimOnce', () => {
  it('answers at once, true the first time and false after', () => {
    const bus = new MemoryBus(new CallTracker());
    expect(bus.claimOnce('state:n1', 60_000)).toBe(true);
    expect(bus.claimOnce('state:n1', 60_000)).toBe(false);
    expect(bus.claimOnce('state:n2', 60_000)).toBe(true);
  });
});
