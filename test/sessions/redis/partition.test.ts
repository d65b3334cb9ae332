// A partition between the replicas and Redis (no RST: sockets stay open, nothing gets through) that
// outlasts the session keys' TTL, through the fault-injecting proxy. SESSION_TTL_MS is short
// so the keys expire in seconds.
import { Redis } from 'ioredis';
import { postVia, resultOf, toolCall } from '../../scale/post';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { killAll, startReplica, type Replica } from '../../support/processes';
import { startRecordingApi, type RecordingApi } from '../../support/recording-api';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../../support/redis';
import { SseClient } from '../../support/sse-client';
import { until } from '../../support/wait';
import { healthBecomes, linesWith } from './fault-helpers';

const prefix = uniquePrefix();
let proxy: FaultProxy;
let api: RecordingApi;
let watcher: Redis;
let holder: Replica;
let router: Replica;
const clients: SseClient[] = [];

beforeAll(async () => {
  proxy = await startFaultProxy({ host: '127.0.0.1', port: 6379 });
  api = await startRecordingApi();
  watcher = new Redis(SHARED_REDIS_URL);
  // A refresh of 1 s: the router trusts a route it looked up for 1 s, the window the issue describes.
  const env = { REDIS_URL: proxy.url, REDIS_PREFIX: prefix, SESSION_TTL_MS: '2000', SESSION_REFRESH_MS: '1000', CUSTOMER_API_URL: api.url };
  [holder, router] = (await Promise.all([startReplica(env), startReplica(env)])) as [Replica, Replica];
});

afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all([holder?.stop(), router?.stop()]);
  killAll();
  await proxy?.close();
  await api?.close();
  await deleteKeys(SHARED_REDIS_URL, prefix);
  watcher?.disconnect();
});

describe('replicas partitioned from Redis for longer than the session TTL', () => {
  it('answer a routed call accepted as the partition began after the heal, refuse later ones with 503 at once, and log once each way', async () => {
    const client = await SseClient.open(holder.url);
    clients.push(client);
    const sessionId = client.endpoint.split('sessionId=')[1]!;
    const warm = client.answer(1);
    expect((await postVia(router.url, client, toolCall(1, 'where'))).status).toBe(202);
    await warm;

    proxy.partition();
    // The router still trusts the route it just looked up: the call is accepted and runs there.
    const accepted = client.answer(2);
    expect((await postVia(router.url, client, toolCall(2, 'where'))).status).toBe(202);

    // Once its commands time out the router trusts no route: refused at once, never accepted and lost.
    await healthBecomes(router, 503, /redis: commands failing/);
    expect(await postVia(router.url, client, toolCall(3, 'where'))).toEqual({ status: 503, retryAfter: '2' });
    // The holder serves its own stream without Redis.
    expect(resultOf(await client.call(4, 'tools/call', { name: 'where', arguments: {} })).pid).toBe(holder.child.pid);
    // The session's key expires in Redis while nobody can refresh it.
    const key = `${prefix}session:${sessionId}`;
    while ((await watcher.exists(key)) === 1) await new Promise((resolve) => setTimeout(resolve, 50));

    proxy.heal();
    // The answer's route finds no key, is parked, and the holder collects it as it re-registers (a claim
    // the partition held past its time-out ran at the heal too: it only read, so nothing was lost)…
    expect(resultOf(await accepted).pid).toBe(router.child.pid);
    // …and removes it from Redis once written: later claims do not find it again.
    const parked = `${prefix}parked:${sessionId}`;
    const deadline = Date.now() + 30_000;
    while ((await watcher.exists(parked)) === 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await watcher.exists(parked)).toBe(0);
    await healthBecomes(router, 200);
    const after = client.answer(5);
    expect((await postVia(router.url, client, toolCall(5, 'where'))).status).toBe(202);
    await after;
    // Written once, whichever claims read it.
    expect(client.events.filter((event) => event.event === 'message' && (JSON.parse(event.data) as { id: number }).id === 2)).toHaveLength(1);

    // One warn line when commands started failing and one when they recovered, per replica, not one per command.
    await until(() => linesWith(holder, 'redis commands succeed again') === 1 && linesWith(router, 'redis commands succeed again') === 1);
    for (const replica of [holder, router]) expect(linesWith(replica, 'redis commands failing')).toBe(1);
  });
});
