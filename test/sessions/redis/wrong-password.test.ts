// A REDIS_URL whose password Redis refuses: /health says so (it said "unreachable", which sent operators
// looking at the network), names no secret, and the server still serves calls whose stream it holds.
import { killAll, startRedisServer, startReplica, type RedisServer, type Replica } from '../../support/processes';
import { startRecordingApi, type RecordingApi } from '../../support/recording-api';

const PASSWORD = 'the-right-password-4f1c';
const WRONG = 'a-wrong-password-9b2e';
let redis: RedisServer;
let api: RecordingApi;
let replica: Replica;

beforeAll(async () => {
  redis = await startRedisServer(['--requirepass', PASSWORD]);
  api = await startRecordingApi();
  replica = await startReplica({ REDIS_URL: `redis://:${WRONG}@127.0.0.1:${redis.port}`, CUSTOMER_API_URL: api.url });
});

afterAll(async () => {
  await replica?.stop();
  await redis?.stop();
  killAll();
  await api?.close();
});

it('GET /health is 503 saying Redis refused the credentials, and neither password appears in it or the log', async () => {
  // The first connection attempt's refusal may come a moment after the server listens: polled.
  let body = { status: '', error: '' };
  for (let tries = 0; tries < 100 && !body.error.includes('credentials'); tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${replica.url}/health`);
    expect(response.status).toBe(503);
    body = (await response.json()) as typeof body;
  }
  expect(body).toEqual({
    status: 'unhealthy',
    error: `redis: refused this server's credentials at 127.0.0.1:${redis.port} (WRONGPASS: check the user and password in REDIS_URL)`,
  });
  expect(replica.output()).not.toContain(WRONG);
  expect(replica.output()).not.toContain(PASSWORD);
});
