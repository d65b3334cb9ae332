// Shared by the Redis fault tests: /health of a replica, polled until it says what the test waits for
// (a connection or command state has no event a test can see), and counting a replica's log lines.
import type { Replica } from '../../support/processes';

export async function health(replica: Replica): Promise<{ status: number; error?: string }> {
  const response = await fetch(`${replica.url}/health`);
  const body = (await response.json()) as { error?: string };
  return { status: response.status, error: body.error };
}

/** Polls /health until it answers `status` (and an error matching `error`); fails after 30 s with the last answer. */
export async function healthBecomes(replica: Replica, status: number, error?: RegExp): Promise<{ status: number; error?: string }> {
  let last = await health(replica);
  const deadline = Date.now() + 30_000;
  const matches = () => last.status === status && (error === undefined || error.test(last.error ?? ''));
  while (!matches() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await health(replica);
  }
  expect(last).toMatchObject({ status });
  if (error) expect(last.error).toMatch(error);
  return last;
}

/** How many lines of the replica's log contain `text`. */
export const linesWith = (replica: Replica, text: string): number => replica.output().split('\n').filter((line) => line.includes(text)).length;
