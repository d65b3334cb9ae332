// Counts requests received and not yet answered, so shutdown can wait for their answers to be
// written (issue: "let in-flight calls finish"). Counted at the transport: an answer counts as
// delivered only once it is on the wire, not when the handler returns.
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  begin(): void {
    this.count += 1;
  }

  end(times = 1): void {
    this.count -= times;
    if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
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
