// Redis killed (SIGKILL) while routed answers cross it, then restarted empty on the same port. The kill
// comes at a known point: Redis is first frozen (SIGSTOP), the held calls are answered by the API, and
// Redis dies as soon as the replica that ran them has sent an answer, so that answer is on its way and
// never acknowledged (ioredis rejects it with "Reached the max retries per request limit (which is 0)").
// Every call accepted with 202 must still be answered on the holder's stream.
import { postVia, resultOf, toolCall } from '../../scale/post';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { killAll, startRedisServer, startReplica, type RedisServer, type Replica } from '../../support/processes';
import { startRecordingApi, type RecordingApi } from '../../support/recording-api';
import { SseClient } from '../../support/sse-client';
import { linesWith } from './fault-helpers';

const CALLS = 5;
let redis: RedisServer;
let proxy: FaultProxy;
let api: RecordingApi;
let holder: Replica;
let router: Replica;
let client: SseClient | undefined;

beforeAll(async () => {
  redis = await startRedisServer();
  // Only to see, without slowing anything, the moment the router has sent an answer.
  proxy = await startFaultProxy({ host: '127.0.0.1', port: redis.port });
  api = await startRecordingApi();
  const env = { REDIS_URL: proxy.url, SESSION_TTL_MS: '2000', SESSION_REFRESH_MS: '500', CUSTOMER_API_URL: api.url };
  [holder, router] = (await Promise.all([startReplica(env), startReplica(env)])) as [Replica, Replica];
});

afterAll(async () => {
  client?.close();
  redis?.process.kill('SIGCONT');
  await Promise.all([holder?.stop(), router?.stop()]);
  await redis?.stop();
  killAll();
  await proxy?.close();
  await api?.close();
});

describe('Redis killed while routed answers cross it', () => {
  it('every call accepted with 202 is answered on the stream once Redis is back, empty', async () => {
    client = await SseClient.open(holder.url);
    const ids = Array.from({ length: CALLS }, (_, n) => n + 1);
    const answers = ids.map((id) => client!.answer(id));
    // Awaited below; a failure before that leaves them to reject when the stream closes at the end.
    for (const answer of answers) answer.catch(() => undefined);
    for (const id of ids) expect((await postVia(router.url, client, toolCall(id, 'fetch_item', { id: `hold-kill-${id}` }))).status).toBe(202);
    await Promise.all(ids.map((id) => api.seen(`/items/hold-kill-${id}`)));

    redis.process.kill('SIGSTOP');
    // An answer's route script carries the item id; the holder's and router's own commands do not.
    const onItsWay = proxy.commandSent((command) => command.bytes.includes('hold-kill-'));
    for (const id of ids) api.release(`/items/hold-kill-${id}`);
    await onItsWay;
    // Within the router's 1 s command time-out of that send: its connection closes before any reply.
    await redis.stop('SIGKILL');
    await redis.restart();

    // Bounded, so a lost answer fails as a missing id rather than as the test's time-out.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(answers), new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
    clearTimeout(timer);
    const answered = client.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data) as { id: number });
    expect(answered.map((answer) => answer.id).sort()).toEqual(ids);
    const results = await Promise.all(answers);
    expect(results.map((answer) => resultOf(answer))).toEqual(ids.map((id) => ({ item: { id: `hold-kill-${id}` }, pid: router.child.pid })));
    expect(linesWith(router, 'routed answer dropped')).toBe(0);
  });
});
