// Redis restarted empty while the session's holder is slow to come back (frozen with SIGSTOP, as a
// replica on a busy machine, or one whose reconnect back-off is longer): the other replica finds no key
// for a live session. It must answer 503 with Retry-After: 1, never 404 (which makes the hub drop a live
// session), until the holder has re-registered; a session that never existed still gets 404 once the
// window after the reconnect has passed.
import { postVia, resultOf, toolCall, type Posted } from '../../scale/post';
import type { Replica } from '../../support/processes';
import { startReplicaPair, type ReplicaPair } from '../../support/replica-pair';
import { SseClient } from '../../support/sse-client';
import { healthBecomes } from './fault-helpers';

let pair: ReplicaPair;
let holder: Replica;
let router: Replica;
let client: SseClient | undefined;

beforeAll(async () => {
  // A refresh of 1 s: the window after a reconnect is 2 s (the back-off's cap) + 1 s.
  pair = await startReplicaPair({ SESSION_TTL_MS: '3000', SESSION_REFRESH_MS: '1000' });
  ({ a: holder, b: router } = pair);
});

afterAll(async () => {
  client?.close();
  holder?.child.kill('SIGCONT');
  await pair?.stop();
});

/** POSTs until the answer is not a 503, keeping every answer (the hub retries 503s, and drops the session on 404). */
async function postUntilSettled(post: () => Promise<Posted>): Promise<Posted[]> {
  const seen = [await post()];
  const deadline = Date.now() + 30_000;
  while (seen.at(-1)!.status === 503 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen.push(await post());
  }
  return seen;
}

describe('Redis restarted empty before the holder is back', () => {
  it('the other replica answers 503 + Retry-After: 1 for the live session, never 404, then routes it; an unknown session gets 404 after the window', async () => {
    client = await SseClient.open(holder.url);
    const warm = client.answer(1);
    expect((await postVia(router.url, client, toolCall(1, 'where'))).status).toBe(202);
    await warm;

    holder.child.kill('SIGSTOP');
    await pair.redis.stop('SIGKILL');
    await pair.redis.restart();
    await healthBecomes(router, 200);
    // The router is back; the holder is not, and Redis has no key for its session.
    const whileAway = await postVia(router.url, client, toolCall(2, 'where'));
    expect(whileAway).toEqual({ status: 503, retryAfter: '1' });

    holder.child.kill('SIGCONT');
    const answer = client.answer(3);
    const posts = await postUntilSettled(() => postVia(router.url, client!, toolCall(3, 'where')));
    expect(posts.at(-1)!.status).toBe(202);
    for (const refused of posts.slice(0, -1)) expect(refused).toEqual({ status: 503, retryAfter: '1' });
    expect(resultOf(await answer).pid).toBe(router.child.pid);

    // A session nobody ever opened: 503 while the window lasts, then 404 as before.
    const made = await postUntilSettled(async () => {
      const response = await fetch(`${router.url}/messages?sessionId=never-opened`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(toolCall(4, 'where')) });
      await response.arrayBuffer();
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    });
    expect(made.at(-1)!.status).toBe(404);
    for (const refused of made.slice(0, -1)) expect(refused).toEqual({ status: 503, retryAfter: '1' });
  });
});
