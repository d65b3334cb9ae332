// The session bus's own figures on /metrics: answers routed and received between replicas, controls
// published, and whether Redis is up, scraped from each replica's metrics port.
import { postVia, toolCall } from '../../scale/post';
import { freePort, killAll, startReplica, type Replica } from '../../support/processes';
import { startRecordingApi, type RecordingApi } from '../../support/recording-api';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../../support/redis';
import { SseClient } from '../../support/sse-client';

const prefix = uniquePrefix();
let api: RecordingApi;
let holder: Replica;
let router: Replica;
const metricsUrl: string[] = [];

beforeAll(async () => {
  api = await startRecordingApi();
  const base = { REDIS_URL: SHARED_REDIS_URL, REDIS_PREFIX: prefix, CUSTOMER_API_URL: api.url };
  const ports = [await freePort(), await freePort()];
  metricsUrl.push(...ports.map((port) => `http://127.0.0.1:${port}/metrics`));
  const started = await Promise.all(ports.map((port) => startReplica({ ...base, METRICS_PORT: String(port) })));
  holder = started[0]!;
  router = started[1]!;
});

afterAll(async () => {
  await Promise.all([holder, router].map((replica) => replica.stop()));
  killAll();
  await api.close();
  await deleteKeys(SHARED_REDIS_URL, prefix);
});

/** The value of an unlabelled series in a Prometheus text exposition. */
async function figure(url: string, name: string): Promise<number> {
  const text = await (await fetch(url)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} not in the scrape:\n${text.split('\n').filter((l) => l.includes('bus') || l.includes('sse')).join('\n')}`);
  return Number(line.split(' ')[1]);
}

describe('session bus metrics', () => {
  it('count answers routed by the replica that ran the call and received by the stream holder', async () => {
    const client = await SseClient.open(holder.url);
    try {
      for (let id = 1; id <= 3; id++) {
        const answer = client.answer(id);
        expect((await postVia(router.url, client, toolCall(id, 'where'))).status).toBe(202);
        await answer;
      }
      expect(await figure(metricsUrl[1]!, 'mcp_bus_answers_routed_total')).toBe(3);
      expect(await figure(metricsUrl[0]!, 'mcp_bus_answers_received_total')).toBe(3);
      expect(await figure(metricsUrl[0]!, 'mcp_bus_sessions_held')).toBe(1);
      expect(await figure(metricsUrl[0]!, 'mcp_bus_redis_up')).toBe(1);
    } finally {
      client.close();
    }
  });
});
