// A rolling deploy: a replica of the previous release (delivery format 1 only) and two of this
// one on the same Redis prefix, with calls routed every way. A holder of this release advertises format 2
// in its registry value; a sender of this release uses it only for such holders.
import { Redis } from 'ioredis';
import { postVia, resultOf, toolCall } from '../../scale/post';
import { checkOutPreviousRelease, type PreviousRelease } from '../../support/previous-release';
import { killAll, startReplica, type Replica } from '../../support/processes';
import { startRecordingApi, type RecordingApi } from '../../support/recording-api';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../../support/redis';
import { SseClient } from '../../support/sse-client';

const prefix = uniquePrefix();
let previous: PreviousRelease;
let api: RecordingApi;
let listener: Redis;
let old: Replica;
let current: Replica;
let current2: Replica;
const deliveries: string[] = [];
const clients: SseClient[] = [];

beforeAll(async () => {
  previous = checkOutPreviousRelease();
  api = await startRecordingApi();
  listener = new Redis(SHARED_REDIS_URL);
  listener.on('pmessage', (_pattern: string, _channel: string, text: string) => deliveries.push(text));
  await listener.psubscribe(`${prefix}process:*`);
  const env = { REDIS_URL: SHARED_REDIS_URL, REDIS_PREFIX: prefix, SESSION_TTL_MS: '2000', SESSION_REFRESH_MS: '500', CUSTOMER_API_URL: api.url };
  [old, current, current2] = (await Promise.all([startReplica(env, previous.fixture), startReplica(env), startReplica(env)])) as [Replica, Replica, Replica];
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await Promise.all([old, current, current2].map((replica) => replica?.stop()));
  killAll();
  listener?.disconnect();
  await api?.close();
  await deleteKeys(SHARED_REDIS_URL, prefix);
  previous?.remove();
});

/** Opens a session on `holder`, routes a call to it through `sender`, returns the answer and the delivery seen on Redis. */
async function route(holder: Replica, sender: Replica, id: number) {
  const client = await SseClient.open(holder.url);
  clients.push(client);
  const sessionId = client.endpoint.split('sessionId=')[1]!;
  const answer = client.answer(id);
  expect((await postVia(sender.url, client, toolCall(id, 'fetch_item', { id: `item-${id}` }))).status).toBe(202);
  const result = resultOf(await answer);
  // The listener's own subscription sees the same publish; it may trail the holder's by a moment.
  const delivery = await client.until(() => deliveries.find((text) => text.includes(sessionId) && text.includes(`item-${id}`)), 'the delivery on Redis');
  return { result, delivery, sessionId };
}

describe('replicas of the previous and this release on one Redis', () => {
  it('route calls both ways, in the format the holder reads', async () => {
    const toOld = await route(old, current, 1);
    expect(toOld.result).toMatchObject({ item: { id: 'item-1' }, pid: current.child.pid });
    expect(JSON.parse(toOld.delivery)).toMatchObject({ s: toOld.sessionId, m: { id: 1 } });

    const fromOld = await route(current, old, 2);
    expect(fromOld.result).toMatchObject({ item: { id: 'item-2' }, pid: old.child.pid });
    expect(JSON.parse(fromOld.delivery)).toMatchObject({ s: fromOld.sessionId, m: { id: 2 } });

    const both = await route(current, current2, 3);
    expect(both.result).toMatchObject({ item: { id: 'item-3' }, pid: current2.child.pid });
    expect(both.delivery.startsWith(`${both.sessionId} {`)).toBe(true);
    expect(JSON.parse(both.delivery.slice(both.sessionId.length + 1))).toMatchObject({ id: 3 });
  });
});
