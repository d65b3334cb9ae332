// Fair sharing of the tool path between users: a cap on each user's calls in flight (what keeps one user
// from taking every pooled connection to the customer's API) and a token bucket on each user's call rate
// (the MCP specification asks servers to rate-limit tool invocations). Memory is bounded: at most
// `maxUsers` users are tracked, and idle ones (nothing in flight, bucket full) are dropped first.
import { CallLimitedError } from './call-limited-error';
import { Held } from './held';

export interface FairnessOptions {
  /** Calls of one user running at once; 0: no cap. */
  maxInFlight: number;
  /** Sustained calls per minute per user; 0: no rate limit. */
  callsPerMinute: number;
  /** Calls a user may make at once after a pause (the bucket's size). */
  burst: number;
  /** Users tracked at most (default 10,000): about 100 bytes each. */
  maxUsers?: number;
  /** Milliseconds, monotonic; injected in tests. */
  now?: () => number;
}

export type Admission = { ok: true; release: () => void } | { ok: false; error: CallLimitedError };

export interface Fairness {
  admit(key: string): Admission;
  /** Users tracked now (for tests and metrics). */
  readonly size: number;
}

interface UserState {
  tokens: number;
  at: number;
  inFlight: number;
}

/** A refused in-flight call is retried after this: calls usually end within a few hundred ms. */
const IN_FLIGHT_RETRY_MS = 1000;
const NOTHING: Admission = { ok: true, release: () => undefined };

/** An admitted call leaves its user's count once (see ./held). */
const leave = (state: UserState): void => void (state.inFlight -= 1);

export function createFairness({
  maxInFlight,
  callsPerMinute,
  burst,
  maxUsers = 10_000,
  now = () => performance.now(),
}: FairnessOptions): Fairness {
  const users = new Map<string, UserState>();
  const perMs = callsPerMinute / 60_000;
  const off = maxInFlight === 0 && callsPerMinute === 0;

  const refill = (state: UserState, at: number) => {
    if (perMs > 0) state.tokens = Math.min(burst, state.tokens + (at - state.at) * perMs);
    state.at = at;
  };

  function evictIdle(at: number): void {
    for (const [key, state] of users) {
      if (state.inFlight > 0) continue;
      refill(state, at);
      if (perMs === 0 || state.tokens >= burst) users.delete(key);
    }
  }

  return {
    get size() {
      return users.size;
    },
    admit(key) {
      if (off) return NOTHING;
      const at = now();
      let state = users.get(key);
      if (!state) {
        if (users.size >= maxUsers) evictIdle(at);
        // Every tracked user is busy: let this one through untracked rather than grow without bound.
        if (users.size >= maxUsers) return NOTHING;
        state = { tokens: burst, at, inFlight: 0 };
        users.set(key, state);
      } else refill(state, at);

      if (maxInFlight > 0 && state.inFlight >= maxInFlight) {
        return { ok: false, error: new CallLimitedError('TOO_MANY_IN_FLIGHT', IN_FLIGHT_RETRY_MS) };
      }
      if (perMs > 0) {
        if (state.tokens < 1) {
          return { ok: false, error: new CallLimitedError('RATE_LIMITED', Math.ceil((1 - state.tokens) / perMs)) };
        }
        state.tokens -= 1;
      }
      state.inFlight += 1;
      return new Held(leave, state);
    },
  };
}
