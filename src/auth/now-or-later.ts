// A value known now, or a promise of it. The OAuth path answers from its caches on almost every call: a
// cached verdict or credential is returned as it is, and only a real verification or grant is awaited,
// so a cache hit costs no promise and no hop through the microtask queue.

export type NowOrLater<T> = T | Promise<T>;

/** Whether the value is still to come. By shape, not instanceof Promise: a promise may come from another realm (a test sandbox). */
export function isLater<T>(value: NowOrLater<T>): value is Promise<T> {
  return typeof (value as Partial<Promise<T>> | undefined)?.then === 'function';
}
