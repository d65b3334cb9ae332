// Single-use claims kept in one process: the memory bus's, and the cluster primary's for its workers.
// A key claimed once is refused until its time is up (a 2026-07-28 `requestState` is used once).
// Bounded: when full, expired claims go first, then the oldest (the nearest to its own expiry).

/** Claims held at most. */
const MAX_CLAIMS = 100_000;

export class OnceClaims {
  /** key → expiry (ms since the epoch), in the order claimed. */
  private readonly claims = new Map<string, number>();

  constructor(
    private readonly max = MAX_CLAIMS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.claims.size;
  }

  /** True the first time `key` is claimed within `ttlMs`; false while an earlier claim holds. */
  claim(key: string, ttlMs: number): boolean {
    const now = this.now();
    const until = this.claims.get(key);
    if (until !== undefined && until > now) return false;
    this.claims.delete(key);
    if (this.claims.size >= this.max) this.prune(now);
    this.claims.set(key, now + Math.max(1, ttlMs));
    return true;
  }

  private prune(now: number): void {
    for (const [key, until] of this.claims) {
      if (until > now && this.claims.size < this.max) return;
      this.claims.delete(key);
    }
  }
}
