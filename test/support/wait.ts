// For server-side bookkeeping or captured output, which have no event to wait on: polls a condition,
// bounded in time (30 s by default: the bound fails a test that would hang, and a loaded machine needs
// seconds where an idle one needs milliseconds). Prefer waiting on an event (a stream closing, an answer
// arriving) where there is one.
export async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
