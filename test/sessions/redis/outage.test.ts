import { postVia, resultOf, toolCall } from '../../scale/post';
import { killAll, startRedisServer, startReplica, type RedisServer, type Replica } from '../../support/processes';
import { startRecordingApi, type RecordingApi } from '../../support/recording-api';
import { SseClient } from '../../support/sse-client';
import { until } from '../../support/wait';

let redis: RedisServer;
let api: RecordingApi;
let a: Replica;
let b: Replica;
const clients: SseClient[] = [];

async function health(replica: Replica): Promise<{ status: number; body: { status: string; error?: string } }> {
  const response = await fetch(`${replica.url}/health`);
  return { status: response.status, body: (await response.json()) as { status: string; error?: string } };
}

/** Polls /health until it answers `status` (a connection state change has no event a test can see). */
async function healthBecomes(replica: Replica, status: number) {
  let last = await health(replica);
  const deadline = Date.now() + 30_000;
  while (last.status !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await health(replica);
  }
  expect(last.status).toBe(status);
  return last;
}

beforeAll(async () => {
  redis = await startRedisServer();
  api = await startRecordingApi();
  const env = { REDIS_URL: redis.url, SESSION_TTL_MS: '2000', SESSION_REFRESH_MS: '500', CUSTOMER_API_URL: api.url };
  [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
  killAll();
  await api?.close();
});

describe('replicas while Redis is down', () => {
  it('answer /health 503 naming redis, serve calls on the holder, refuse routed calls with 503 + Retry-After, and resume by themselves', async () => {
    const client = await SseClient.open(a.url);
    clients.push(client);
    const first = client.answer(1);
    expect((await postVia(b.url, client, toolCall(1, 'where'))).status).toBe(202);
    expect(resultOf(await first).pid).toBe(b.child.pid);

    await redis.stop();
    const down = await healthBecomes(a, 503);
    expect(down.body.error).toMatch(/^redis: unreachable/);
    expect((await health(b)).body.error).toMatch(/redis/);

    // The holder needs no Redis for its own sessions.
    const local = await client.call(2, 'tools/call', { name: 'fetch_item', arguments: { id: 'while-down' } });
    expect(resultOf(local).item).toEqual({ id: 'while-down' });
    // Another replica cannot know where the session is: refused, never accepted and lost.
    const refused = await postVia(b.url, client, toolCall(3, 'where'));
    expect(refused).toEqual({ status: 503, retryAfter: '2' });
    expect(a.child.exitCode).toBeNull();
    expect(b.child.exitCode).toBeNull();

    // A fresh, empty Redis on the same port: the holder registers its session again.
    await redis.restart();
    await healthBecomes(a, 200);
    await healthBecomes(b, 200);
    let routed = await postVia(b.url, client, toolCall(4, 'where'));
    const deadline = Date.now() + 30_000;
    // Until the holder has re-registered (one round trip after its reconnect): 503 + Retry-After: 1, never
    // 404, which would make the hub drop a live session.
    while (routed.status === 503 && Date.now() < deadline) {
      expect(routed.retryAfter).toBe('1');
      routed = await postVia(b.url, client, toolCall(4, 'where'));
    }
    expect(routed.status).toBe(202);
    expect(resultOf(await client.answer(4)).pid).toBe(b.child.pid);
    // The log is flushed within a second.
    await until(() => a.output().includes('redis reachable again'));
  });
});
