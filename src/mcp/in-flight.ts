// Counts tool calls in progress so shutdown can wait for them (issue: "let in-flight calls finish").
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  async track<T>(work: Promise<T>): Promise<T> {
    this.count += 1;
    try {
      return await work;
    } finally {
      this.count -= 1;
      if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
    }
  }

  /** Resolves when nothing is in flight, or after `timeoutMs`, whichever comes first; true if drained. */
  drained(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
