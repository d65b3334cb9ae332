import { CallLimitedError, createFairness } from '../../src/limits';

describe('createFairness', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 0;
  });

  it('caps calls in flight per user; a release frees a slot; other users are unaffected', () => {
    const fairness = createFairness({ maxInFlight: 2, callsPerMinute: 0, burst: 1, now });
    const a1 = fairness.admit('a');
    const a2 = fairness.admit('a');
    const a3 = fairness.admit('a');
    expect([a1.ok, a2.ok, a3.ok]).toEqual([true, true, false]);
    expect(!a3.ok && a3.error).toMatchObject({ code: 'TOO_MANY_IN_FLIGHT' });
    expect(fairness.admit('b').ok).toBe(true);
    if (a1.ok) {
      a1.release();
      a1.release(); // idempotent: a second release does not free a second slot
    }
    expect(fairness.admit('a').ok).toBe(true);
    expect(fairness.admit('a').ok).toBe(false);
  });

  it('rate-limits with a token bucket: a burst, then one call per interval, with the wait in the error', () => {
    const fairness = createFairness({ maxInFlight: 0, callsPerMinute: 60, burst: 3, now });
    const results = [1, 2, 3, 4].map(() => fairness.admit('a'));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    const refused = results[3];
    expect(refused?.ok === false && refused.error).toBeInstanceOf(CallLimitedError);
    expect(refused?.ok === false && refused.error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 1000 });
    clock = 999;
    expect(fairness.admit('a').ok).toBe(false);
    clock = 1000;
    expect(fairness.admit('a').ok).toBe(true);
    expect(fairness.admit('b').ok).toBe(true);
  });

  it('keeps at most maxUsers users, dropping idle ones first and never a user with calls running', () => {
    const fairness = createFairness({ maxInFlight: 1, callsPerMinute: 60, burst: 1, maxUsers: 3, now });
    const busy = fairness.admit('busy');
    for (const user of ['u1', 'u2']) {
      const admission = fairness.admit(user);
      if (admission.ok) admission.release();
    }
    expect(fairness.size).toBe(3);
    clock = 60_000; // u1 and u2 are idle: nothing running, bucket full again
    for (let i = 0; i < 1000; i += 1) {
      const admission = fairness.admit(`new-${i}`);
      if (admission.ok) admission.release();
      clock += 60_000;
    }
    expect(fairness.size).toBeLessThanOrEqual(3);
    expect(fairness.admit('busy').ok).toBe(false); // still tracked: its call is running
    if (busy.ok) busy.release();
  });

  it('with both limits at 0, admits everything and tracks nobody', () => {
    const fairness = createFairness({ maxInFlight: 0, callsPerMinute: 0, burst: 1, now });
    for (let i = 0; i < 100; i += 1) expect(fairness.admit('a').ok).toBe(true);
    expect(fairness.size).toBe(0);
  });
});
