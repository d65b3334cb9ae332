// The bench's load generator, driven briefly against the real baseline server and stand-in API on loopback:
// it must count successful calls and each kind of failure, or the benchmark's figures mean nothing.
import { startBaselineServer, type StartedBaseline } from '../../bench/baseline-server';
import { closedLoop, DirectApiClient, McpLoadClient, totalErrors } from '../../bench/load';
import { startStandInApi, type StartedServer } from '../../bench/stand-in-api';

const HEADERS = { authorization: 'Bearer test-token' };

describe('bench load generator against the baseline server', () => {
  let api: StartedServer;
  let baseline: StartedBaseline;
  let client: McpLoadClient;

  beforeAll(async () => {
    api = await startStandInApi();
    baseline = await startBaselineServer(api.url);
    client = await McpLoadClient.connect(baseline.url, { sessions: 2, connections: 4, headers: HEADERS, timeoutMs: 5000 });
  });

  afterAll(async () => {
    await client?.close();
    await baseline?.close();
    await api?.close();
  });

  test('get_order calls are all counted as successes, with latencies', async () => {
    const stats = await closedLoop(4, 10_000, (worker, n) => client.callTool(worker, 'get_order', { orderId: `ord_${n}` }), 40);

    expect(stats.calls).toBe(40);
    expect(totalErrors(stats.errors)).toBe(0);
    expect(stats.p50Ms).toBeGreaterThan(0);
    expect(stats.p99Ms).toBeGreaterThanOrEqual(stats.p50Ms);
    expect(stats.callsPerSecond).toBeGreaterThan(0);
  });

  test('an unknown tool name yields one counted error per call and no successes', async () => {
    // The SDK's McpServer answers an unknown tool with an isError result, not a JSON-RPC error.
    const stats = await closedLoop(4, 10_000, (worker) => client.callTool(worker, 'no_such_tool', {}), 12);

    expect(stats.calls).toBe(0);
    expect(stats.errors).toEqual({ http: 0, jsonrpc: 0, isError: 12, timeout: 0, network: 0 });
  });

  test('a call the server rejects at the HTTP level is counted as an http error', async () => {
    // Arguments that fail the tool's schema come back as a JSON-RPC error or isError; a POST the
    // transport refuses (here: a session id it does not know) comes back as a non-2xx status.
    const session = client.sessions[0];
    if (!session) throw new Error('no session');
    const realPath = session.messagesPath;
    session.messagesPath = '/messages?sessionId=unknown';
    try {
      const stats = await closedLoop(1, 10_000, () => client.callTool(0, 'get_order', { orderId: 'ord_1' }), 3);
      expect(stats.errors.http).toBe(3);
      expect(stats.calls).toBe(0);
    } finally {
      session.messagesPath = realPath;
    }
  });

  test('direct API calls (the floor) count a refused request as an http error', async () => {
    const withToken = new DirectApiClient(api.url, 2, HEADERS);
    const withoutToken = new DirectApiClient(api.url, 2, {});
    try {
      const ok = await closedLoop(2, 10_000, (_w, n) => withToken.getOrder(`ord_${n}`), 10);
      const refused = await closedLoop(2, 10_000, (_w, n) => withoutToken.getOrder(`ord_${n}`), 10);

      expect(ok.calls).toBe(10);
      expect(totalErrors(ok.errors)).toBe(0);
      expect(refused.calls).toBe(0);
      expect(refused.errors.http).toBe(10);
    } finally {
      await withToken.close();
      await withoutToken.close();
    }
  });
});
