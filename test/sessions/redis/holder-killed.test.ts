// The replica holding a stream killed with SIGKILL: calls POSTed to another replica for that session
// must be refused before they run (nobody would receive the answer, and a write tool would do its work for
// no one), at once with 503 and, once the holder's heartbeat has lapsed, with 404 so the hub opens a new
// session. A holder that only hangs (SIGSTOP, as a replica starved on a loaded machine) keeps its
// subscription and is never taken for dead: 503 while its heartbeat is late, routed again once it resumes.
// The session settings are the defaults (SESSION_TTL_MS 15 s, SESSION_REFRESH_MS 5 s), as in production.
import { Redis } from 'ioredis';
import { postVia, resultOf, toolCall, type Posted } from '../../scale/post';
import { startReplica, type Replica } from '../../support/processes';
import { startReplicaPair, type ReplicaPair } from '../../support/replica-pair';
import { SseClient } from '../../support/sse-client';
import { HEARTBEAT_TTL_MS } from '../../../src/sessions/redis/registrar';

let pair: ReplicaPair;
let watcher: Redis;
const clients: SseClient[] = [];
const WARM_ID = 999_999;

beforeAll(async () => {
  // One test user makes every call, faster than a user's default rate limit allows.
  pair = await startReplicaPair({ REDIS_PREFIX: 'killed:', USER_CALLS_PER_MINUTE: '0' });
  watcher = new Redis(pair.redis.url);
});

afterAll(async () => {
  for (const client of clients) client.close();
  watcher?.disconnect();
  await pair?.stop();
});

async function open(replica: Replica): Promise<SseClient> {
  const client = await SseClient.open(replica.url);
  clients.push(client);
  // A routed call first: the router has a fresh sighting of the session, as it would in traffic.
  const answer = client.answer(WARM_ID);
  expect((await postVia(pair.b.url, client, toolCall(WARM_ID, 'where'))).status).toBe(202);
  await answer;
  return client;
}

interface Sent extends Posted {
  readonly n: number;
  /** Milliseconds after the fault, when the POST was sent. */
  readonly at: number;
}

/** POSTs call after call (ids from `first` on) to the router, as a hub retrying would, until `done` says so (bounded). */
async function postCalls(client: SseClient, since: number, done: (sent: Sent[]) => boolean, tool = 'fetch_item', first = 1): Promise<Sent[]> {
  const sent: Sent[] = [];
  const deadline = performance.now() + 30_000;
  for (let n = first; !done(sent) && performance.now() < deadline; n += 1) {
    const at = performance.now() - since;
    const posted = await postVia(pair.b.url, client, toolCall(n, tool, { id: `after-${n}` }));
    sent.push({ ...posted, n, at });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return sent;
}

describe('the replica holding a stream killed with SIGKILL', () => {
  it('the other replica refuses calls for it before they run: 503 at once, 404 once its heartbeat lapsed, and its key deleted', async () => {
    const client = await open(pair.a);
    const sessionId = client.endpoint.split('sessionId=')[1]!;
    await pair.a.stop('SIGKILL');
    const killedAt = performance.now();
    const sent = await postCalls(client, killedAt, (list) => list.at(-1)?.status === 404);

    const firstRefused = sent.findIndex((post) => post.status !== 202);
    expect(firstRefused).toBeGreaterThanOrEqual(0);
    // Noticed within about 2 s: a sighting is trusted for at most 1 s, and the look-up sees at once that
    // nobody listens on the holder's inbox.
    expect(sent[firstRefused]!.at).toBeLessThan(2_500);
    const refused = sent.slice(firstRefused);
    expect(refused.at(-1)).toMatchObject({ status: 404, retryAfter: null });
    for (const post of refused.slice(0, -1)) expect(post).toMatchObject({ status: 503, retryAfter: '1' });
    // Gone once the heartbeat has lapsed (plus the POSTs' pace on a loaded machine).
    expect(refused.at(-1)!.at).toBeLessThan(HEARTBEAT_TTL_MS + 2_500);
    // No refused call reached the API: they were refused before they ran.
    const ran = new Set(pair.api.requests.map((request) => request.path));
    expect(refused.filter((post) => ran.has(`/items/after-${post.n}`))).toEqual([]);
    expect(await watcher.exists(`killed:session:${sessionId}`)).toBe(0);
    await pair.b.waitFor((output) => output.includes("session's holder is gone"), 'the line saying so');
  });
});

describe('the replica holding a stream frozen (SIGSTOP) for longer than its heartbeat', () => {
  it('is never taken for dead: calls for its session get 503 while its heartbeat is late, and are routed again once it resumes', async () => {
    const frozen = await startReplica(pair.env);
    try {
      const client = await open(frozen);
      frozen.child.kill('SIGSTOP');
      const sent = await postCalls(client, performance.now(), (list) => list.some((post) => post.status !== 202), 'where');
      expect(sent.at(-1)).toMatchObject({ status: 503, retryAfter: '1' });
      frozen.child.kill('SIGCONT');
      const after = await postCalls(client, performance.now(), (list) => list.at(-1)?.status === 202, 'where', 1_000);
      for (const post of after.slice(0, -1)) expect(post).toMatchObject({ status: 503, retryAfter: '1' });
      // Every call accepted, before the freeze showed and after it, is answered on the stream.
      for (const post of [...sent, ...after].filter((accepted) => accepted.status === 202)) {
        expect(resultOf(await client.answer(post.n)).pid).toBe(pair.b.child.pid);
      }
    } finally {
      frozen.child.kill('SIGCONT');
      await frozen.stop();
    }
  });
});
