// A stream's endpoint event waits until Redis holds the session's key. Redis runs commands in the order
// it reads them from its connections, not in the order the replicas sent them: under load a GET from
// another replica overtook the holder's SET (the soak saw about 1 POST in 300 to another replica, right
// after a stream opened, answered 404). The holder's Redis traffic here goes through a proxy that delays
// it by 150 ms, which makes that overtaking certain: a POST to the other replica as soon as the client has
// the endpoint must still find the session.
import { postVia, resultOf, toolCall } from '../../scale/post';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { killAll, startReplica, type Replica } from '../../support/processes';
import { startRecordingApi, type RecordingApi } from '../../support/recording-api';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../../support/redis';
import { SseClient } from '../../support/sse-client';

const DELAY_MS = 150;
const prefix = uniquePrefix();
let proxy: FaultProxy;
let api: RecordingApi;
let holder: Replica;
let other: Replica;

beforeAll(async () => {
  proxy = await startFaultProxy({ host: '127.0.0.1', port: 6379 });
  api = await startRecordingApi();
  const env = { REDIS_PREFIX: prefix, CUSTOMER_API_URL: api.url };
  [holder, other] = (await Promise.all([startReplica({ ...env, REDIS_URL: proxy.url }), startReplica({ ...env, REDIS_URL: SHARED_REDIS_URL })])) as [Replica, Replica];
  proxy.latency(DELAY_MS);
});

afterAll(async () => {
  await Promise.all([holder?.stop(), other?.stop()]);
  killAll();
  await proxy?.close();
  await api?.close();
  await deleteKeys(SHARED_REDIS_URL, prefix);
});

describe('a stream announces its endpoint once every replica can find its session', () => {
  it('a POST to another replica as soon as the endpoint event arrives is accepted and answered on the stream, though the holder reaches Redis slowly', async () => {
    for (let n = 1; n <= 3; n += 1) {
      const opened = performance.now();
      const client = await SseClient.open(holder.url);
      const waited = performance.now() - opened;
      const answer = client.answer(n);
      expect((await postVia(other.url, client, toolCall(n, 'where'))).status).toBe(202);
      // The event waited for the registration's round trip through the slow proxy.
      expect(waited).toBeGreaterThanOrEqual(DELAY_MS);
      // The call ran on the replica that took the POST; its answer came back over Redis.
      expect(resultOf(await answer).pid).toBe(other.child.pid);
      client.close();
    }
  });
});
