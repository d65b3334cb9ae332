// Bounds the introspection requests refused or unknown tokens can cause at the authorization server:
// a token bucket for this server as a whole and one per caller address, so a flood of garbage bearer strings
// costs the identity provider a few requests, not one each. Bounded memory: the oldest caller goes first.

export interface IntrospectionBudgetOptions {
  /** Introspection requests per second for the whole server, and the burst above it. Default 50 and 100. */
  perSecond?: number;
  burst?: number;
  /** Per caller address. Default 5 a second, bursts of 20. */
  perCallerPerSecond?: number;
  perCallerBurst?: number;
  /** Caller addresses remembered at most (default 10,000). */
  maxCallers?: number;
  now?: () => number;
}

/** May this caller's token be introspected now; if not, whose budget ran out (the caller's: retry after). */
export type Spend = { ok: true } | { ok: false; limited: 'caller'; retryAfterS: number } | { ok: false; limited: 'server' };

interface Bucket {
  tokens: number;
  at: number;
}

export function createIntrospectionBudget({ perSecond = 50, burst = 100, perCallerPerSecond = 5, perCallerBurst = 20, maxCallers = 10_000, now = Date.now }: IntrospectionBudgetOptions = {}) {
  const server: Bucket = { tokens: burst, at: now() };
  const callers = new Map<string, Bucket>();

  function refill(bucket: Bucket, rate: number, capacity: number, at: number): Bucket {
    bucket.tokens = Math.min(capacity, bucket.tokens + ((at - bucket.at) / 1000) * rate);
    bucket.at = at;
    return bucket;
  }

  function callerBucket(caller: string, at: number): Bucket {
    const known = callers.get(caller);
    if (known !== undefined) return refill(known, perCallerPerSecond, perCallerBurst, at);
    if (callers.size >= maxCallers) callers.delete(callers.keys().next().value!);
    const fresh = { tokens: perCallerBurst, at };
    callers.set(caller, fresh);
    return fresh;
  }

  return function spendIntrospection(caller: string): Spend {
    const at = now();
    const own = callerBucket(caller, at);
    if (own.tokens < 1) return { ok: false, limited: 'caller', retryAfterS: Math.max(1, Math.ceil((1 - own.tokens) / perCallerPerSecond)) };
    if (refill(server, perSecond, burst, at).tokens < 1) return { ok: false, limited: 'server' };
    own.tokens -= 1;
    server.tokens -= 1;
    return { ok: true };
  };
}
