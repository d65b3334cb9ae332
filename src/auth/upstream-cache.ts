// Tokens made for the customer's API, kept until shortly before they expire: one entry per key
// (a hash of the client's token, or one key for the server's own token), bounded in size, with ONE request
// in flight per key however many calls arrive at once, and a refresh started in the background while the
// token still has a little life, so calls do not wait for it.

/** Credentials headers (lower-case names) and how long they may be used. Times in ms since the epoch. */
export interface MadeCredentials {
  readonly headers: Readonly<Record<string, string>>;
  /** After this, the next call starts a refresh in the background and still uses these. */
  readonly refreshAt: number;
  /** After this, never used: a call waits for fresh ones. */
  readonly expiresAt: number;
}

export interface CacheOptions {
  /** Entries at most; the oldest goes first. */
  maxEntries: number;
  /** The clock; injected in tests. */
  now: () => number;
  /** Told of a background refresh that failed (the entry stays until it expires; the next call tries again). */
  onRefreshFailed: (error: unknown) => void;
}

export class CredentialsCache {
  private readonly entries = new Map<string, MadeCredentials>();
  private readonly inFlight = new Map<string, Promise<MadeCredentials>>();

  constructor(private readonly options: CacheOptions) {}

  /** Entries held now (for tests and gauges). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The credentials for `key`: from the cache while they are good, else from `make`, called once per key
   * at a time; every call that arrives meanwhile waits for the same promise.
   */
  get(key: string, make: () => Promise<MadeCredentials>): MadeCredentials | Promise<MadeCredentials> {
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      const now = this.options.now();
      if (now < entry.refreshAt) return entry;
      if (now < entry.expiresAt) {
        this.start(key, make).catch(this.options.onRefreshFailed);
        return entry;
      }
      this.entries.delete(key);
    }
    return this.start(key, make);
  }

  /** Forgets every entry (the server's own token after its client was refused, tests). */
  clear(): void {
    this.entries.clear();
  }

  private start(key: string, make: () => Promise<MadeCredentials>): Promise<MadeCredentials> {
    let pending = this.inFlight.get(key);
    if (pending === undefined) {
      pending = make().then(
        (made) => {
          this.inFlight.delete(key);
          this.store(key, made);
          return made;
        },
        (error: unknown) => {
          this.inFlight.delete(key);
          throw error;
        },
      );
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private store(key: string, made: MadeCredentials): void {
    if (made.expiresAt <= this.options.now()) return;
    this.entries.delete(key); // re-inserted last: the oldest-first eviction keeps it longest
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, made);
  }
}

/**
 * When a token received now with `expiresIn` seconds of life is refreshed and retired: refreshed with a
 * quarter of its life left (at most a minute early), retired with a tenth left (at most 10 s early), so a
 * request sent with it does not arrive after it expired. Both capped by `notAfter` (the client's token's
 * own expiry, for an exchanged token). Without `expiresIn`, `defaultLifetimeMs` is assumed.
 */
export function lifetime(now: number, expiresIn: number | undefined, defaultLifetimeMs: number, notAfter = Infinity): { refreshAt: number; expiresAt: number } {
  const life = expiresIn !== undefined && expiresIn > 0 ? expiresIn * 1000 : defaultLifetimeMs;
  const expiresAt = Math.min(now + life - Math.min(10_000, life / 10), notAfter);
  const refreshAt = Math.min(now + life - Math.min(60_000, life / 4), expiresAt);
  return { refreshAt, expiresAt };
}
