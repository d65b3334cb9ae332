// What the limits hand out when they admit something (a call, a body): released once, however often
// `release` is called. An object of one class rather than a closure per call or body.

export class Held<T> {
  readonly ok = true;
  private released = false;

  /** `free(what)` runs on the first `release()` only. */
  constructor(
    private readonly free: (what: T) => void,
    private readonly what: T,
  ) {}

  release(): void {
    if (this.released) return;
    this.released = true;
    this.free(this.what);
  }
}
