// Sessions held by other replicas, as last seen in Redis: a burst of calls for one session costs one GET.
// A sighting counts for `forMs`; the stale go first, then the oldest beyond `max` (memory bound).

export class SeenRoutes {
  /** sessionId → when its key was last seen, oldest first (each sighting is re-inserted). */
  private readonly seen = new Map<string, number>();

  constructor(
    readonly forMs: number,
    private readonly max: number,
  ) {}

  /** Whether the session was seen held elsewhere within `forMs`. */
  fresh(sessionId: string, now = performance.now()): boolean {
    const at = this.seen.get(sessionId);
    return at !== undefined && now - at < this.forMs;
  }

  saw(sessionId: string, now = performance.now()): void {
    for (const [seenId, at] of this.seen) {
      if (now - at < this.forMs && this.seen.size < this.max) break;
      this.seen.delete(seenId);
    }
    this.seen.delete(sessionId);
    this.seen.set(sessionId, now);
  }

  /** Its stream closed, or its key is gone: no longer a route. */
  forget(sessionId: string): void {
    this.seen.delete(sessionId);
  }

  /** Redis came back (maybe empty): every route is looked up again. */
  clear(): void {
    this.seen.clear();
  }
}
