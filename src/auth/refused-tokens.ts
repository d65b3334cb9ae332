// Tokens refused a moment ago, by a hash of the token (never the token), with the reason: the same bad token
// sent again is refused from memory instead of costing another introspection or signature check.
// Bounded: past `max` entries the oldest goes first; each entry lasts `ttlMs`.

export class RefusedTokens {
  private readonly entries = new Map<string, { reason: string; until: number }>();

  constructor(
    private readonly max = 10_000,
    /** Short: a token refused for a key the server had not fetched yet may be good once it has. */
    private readonly ttlMs = 30_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The reason it was refused, while remembered. */
  get(tokenKey: string, now = Date.now()): string | undefined {
    const entry = this.entries.get(tokenKey);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.reason;
    this.entries.delete(tokenKey);
    return undefined;
  }

  set(tokenKey: string, reason: string, now = Date.now()): void {
    if (!this.entries.has(tokenKey) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenKey, { reason, until: now + this.ttlMs });
  }
}
