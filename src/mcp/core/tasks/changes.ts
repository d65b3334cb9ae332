// Wakes whoever waits on a task's next status (2025-11-25's tasks/result) as soon as its record is written
// with a new one: here (the runner's write) or on another replica (the bus's announcement). The timer is
// only a fallback bound, for what announces nothing: a runner that died (its lease lapses) or an
// announcement lost while the bus was out of reach.
export interface TaskWatch {
  /** Resolves on the first change since `watch` was called, after `fallbackMs`, or when `signal` aborts. */
  changed(fallbackMs: number, signal: AbortSignal): Promise<void>;
  /** Stops watching (the waiter returned without waiting, or threw). */
  stop(): void;
}

export class TaskChanges {
  private readonly watching = new Map<string, Set<() => void>>();

  /** Call before reading the record, so a change between the read and the wait is never missed. */
  watch(id: string): TaskWatch {
    let seen = false;
    let wake: (() => void) | undefined;
    const heard = () => {
      seen = true;
      wake?.();
    };
    this.add(id, heard);
    return {
      changed: (fallbackMs, signal) =>
        new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            this.remove(id, heard);
            resolve();
          };
          const timer = setTimeout(done, fallbackMs);
          wake = done;
          signal.addEventListener('abort', done, { once: true });
          if (seen || signal.aborted) done();
        }),
      stop: () => this.remove(id, heard),
    };
  }

  /** Task `id` was written with a new status: every watch of it wakes. */
  changed(id: string): void {
    for (const heard of this.watching.get(id) ?? []) heard();
  }

  private add(id: string, heard: () => void): void {
    const set = this.watching.get(id);
    if (set) set.add(heard);
    else this.watching.set(id, new Set([heard]));
  }

  private remove(id: string, heard: () => void): void {
    const set = this.watching.get(id);
    set?.delete(heard);
    if (set?.size === 0) this.watching.delete(id);
  }
}
