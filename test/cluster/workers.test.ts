import { postFresh, resultOf, toolCall } from '../scale/post';
import { freePort, killAll, startReplica, type Replica } from '../support/processes';
import { startRecordingApi, type RecordingApi } from '../support/recording-api';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../support/redis';
import { SseClient } from '../support/sse-client';
import { until } from '../support/wait';

let api: RecordingApi;
/** One cluster for the tests without Redis (starting one takes a few seconds); the last test stops it. */
let withoutRedis: Promise<Replica>;
const prefix = uniquePrefix();

beforeAll(async () => {
  api = await startRecordingApi();
  withoutRedis = startReplica({ WORKERS: '2', SHUTDOWN_GRACE_MS: '5000', CUSTOMER_API_URL: api.url });
  await withoutRedis;
});

afterAll(async () => {
  killAll();
  await api.close();
  await deleteKeys(SHARED_REDIS_URL, prefix);
});

/** Opens sessions and posts calls on new connections: node:cluster spreads both over the workers. */
async function callsFromEveryWorker(primary: Replica): Promise<void> {
  const clients = await Promise.all(Array.from({ length: 4 }, () => SseClient.open(primary.url)));
  try {
    // One session at a time: the cluster hands connections to the workers in turn, so each session's
    // POSTs alternate between them (concurrent sessions could each land on one worker only).
    const pidsBySession: Array<Set<unknown>> = [];
    for (const client of clients) {
      pidsBySession.push(
        await (async () => {
        const pids = new Set<unknown>();
        for (let id = 1; id <= 8; id += 1) {
          const answer = client.answer(id);
          expect((await postFresh(primary.url, client, toolCall(id, 'where'))).status).toBe(202);
          pids.add(resultOf(await answer).pid);
        }
        return pids;
        })(),
      );
    }
    // Every session got answers computed on both workers: half of its calls were routed to its holder.
    for (const pids of pidsBySession) expect(pids.size).toBe(2);
    expect(new Set(pidsBySession.flatMap((pids) => [...pids])).size).toBe(2);
  } finally {
    for (const client of clients) client.close();
  }
}

describe('WORKERS=2 with METRICS_PORT', () => {
  it('one GET /metrics counts the calls of every worker: the primary sums them (each worker once answered alone)', async () => {
    const metricsPort = await freePort();
    const primary = await startReplica({ WORKERS: '2', METRICS_PORT: String(metricsPort), CUSTOMER_API_URL: api.url });
    try {
      const client = await SseClient.open(primary.url);
      const pids = new Set<unknown>();
      try {
        for (let id = 1; id <= 12; id += 1) {
          const answer = client.answer(id);
          expect((await postFresh(primary.url, client, toolCall(id, 'where'))).status).toBe(202);
          pids.add(resultOf(await answer).pid);
        }
      } finally {
        client.close();
      }
      expect(pids.size).toBe(2); // the calls ran on both workers
      // Scrapes on new connections, which node:cluster would have spread over the workers: each sees all 12.
      for (let scrape = 0; scrape < 4; scrape += 1) {
        const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { connection: 'close' } });
        expect(response.status).toBe(200);
        const body = await response.text();
        expect(body).toMatch(/^mcp_tool_calls_total\{tool="where",outcome="ok"\} 12$/m);
        expect(body).toMatch(/^mcp_tool_call_duration_seconds_count\{tool="where"\} 12$/m);
      }
      // The primary writes its own line as its listener starts; it reaches this test's pipe when it reaches it.
      await primary.waitFor((output) => output.includes('metrics listening (summed over the workers)'), 'the primary said where metrics listen');
    } finally {
      await primary.stop();
    }
  });
});

describe('WORKERS=2', () => {
  it('serves from both workers, sessions routed through the primary without Redis', async () => {
    await callsFromEveryWorker(await withoutRedis);
  });

  it('serves from both workers, sessions routed over Redis when REDIS_URL is set', async () => {
    const metricsPort = await freePort();
    const primary = await startReplica({ WORKERS: '2', REDIS_URL: SHARED_REDIS_URL, REDIS_PREFIX: prefix, CUSTOMER_API_URL: api.url, METRICS_PORT: String(metricsPort) });
    try {
      await callsFromEveryWorker(primary);
      // Summed over the workers, but a 1/0 state is the lowest of theirs: Redis is up, 1 (not 2).
      const body = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(body).toMatch(/^mcp_bus_redis_up 1$/m);
      expect(body).toMatch(/^mcp_tool_calls_total\{tool="where",outcome="ok"\} 32$/m);
    } finally {
      const code = await primary.stop();
      // On failure the primary's and workers' lines say which worker exited how, and why.
      expect({ code, output: code === 0 ? '' : primary.output() }).toEqual({ code: 0, output: '' });
    }
  });

  it('a worker killed (SIGKILL) is replaced: the replacement listens, logs as worker 3, and the cluster serves from two workers again', async () => {
    const primary = await withoutRedis;
    const client = await SseClient.open(primary.url);
    let victim: number;
    try {
      victim = resultOf(await client.call(1, 'tools/call', { name: 'where', arguments: {} })).pid as number;
    } finally {
      client.close();
    }
    // Each worker's lines say which worker wrote them (pino base field): the two of the start are 1 and 2.
    const listening = (worker: number) => new RegExp(`"worker":${worker},.*"msg":"tool server listening"`);
    expect(primary.output()).toMatch(listening(1));
    expect(primary.output()).toMatch(listening(2));
    const killedAt = performance.now();
    process.kill(victim, 'SIGKILL');
    // The replacement's own "listening" line is the event: node:cluster numbers it 3.
    await primary.waitFor((output) => listening(3).test(output), "the replacement worker's listening line");
    const seconds = (performance.now() - killedAt) / 1000;
    // A figure for docs/operations.md, never an assertion on it: the primary waits 1 s (restartDelayMs),
    // then a worker starts as any process does (the machine's load decides how long).
    process.stdout.write(`cluster: a killed worker's replacement listened ${seconds.toFixed(1)} s after the kill\n`);
    await primary.waitFor((output) => output.includes('a worker exited: starting a replacement'), "the primary's line about the exit");
    await callsFromEveryWorker(primary);
  }, 60_000);

  it('SIGTERM to the primary drains every worker: the call in flight finishes, then the primary exits 0', async () => {
    const primary = await withoutRedis;
    const client = await SseClient.open(primary.url);
    try {
      expect((await postFresh(primary.url, client, toolCall(1, 'fetch_item', { id: 'hold-drain' }))).status).toBe(202);
      const upstream = await api.seen('/items/hold-drain');
      const exited = primary.stop('SIGTERM');
      // Both workers have begun their shutdown (the log is flushed at once) and are waiting for the call.
      // Their own line only: the primary's "shutdown requested: draining every worker" may come before,
      // between or after them, as its buffered log is written.
      await until(() => (primary.output().match(/"msg":"shutdown requested"/g) ?? []).length === 2);
      expect(primary.child.exitCode).toBeNull();
      api.release('/items/hold-drain');
      expect(await exited).toBe(0);
      expect(upstream.answered).toBe(true);
      expect(primary.output()).toMatch(/"outcome":"ok"/);
    } finally {
      client.close();
    }
  });
});
