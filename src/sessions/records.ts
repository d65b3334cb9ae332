// Small JSON records with an expiry, kept in one process: the memory bus's, and the cluster primary's
// for its workers (SessionBus.putRecord/getRecord: a task's record, its answers). Bounded: when full,
// expired records go first, then the oldest written.

/** Records held at most. */
const MAX_RECORDS = 50_000;

export class RecordStore {
  /** key → [value, expiry in ms since the epoch], in the order written. */
  private readonly records = new Map<string, [string, number]>();

  constructor(
    private readonly max = MAX_RECORDS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.records.size;
  }

  put(key: string, value: string, ttlMs: number): void {
    const now = this.now();
    this.records.delete(key); // written again: now the newest
    if (this.records.size >= this.max) this.prune(now);
    this.records.set(key, [value, now + Math.max(1, ttlMs)]);
  }

  get(key: string): string | undefined {
    const record = this.records.get(key);
    if (record === undefined) return undefined;
    if (record[1] > this.now()) return record[0];
    this.records.delete(key);
    return undefined;
  }

  private prune(now: number): void {
    for (const [key, [, until]] of this.records) if (until <= now) this.records.delete(key);
    for (const key of this.records.keys()) {
      if (this.records.size < this.max) return;
      this.records.delete(key);
    }
  }
}
