import { request as httpRequest } from 'node:http';
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';
import { fixtureTools, SECRET_ARG, startStandInApi, type StandInApi } from '../support/stand-in-api';

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics on METRICS_PORT', () => {
  let api: StandInApi;
  let stack: Stack;
  const scrape = async () => {
    const response = await fetch(`${stack.server.metricsUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  const call = (name: string, args: Record<string, unknown> = {}) =>
    postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(name, args) });

  beforeAll(async () => {
    api = await startStandInApi();
    stack = await startStack({ env: { METRICS_PORT: '0', MAX_BODY_BYTES: '1024' }, tools: fixtureTools, customerApiUrl: () => api.url });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });

  it('counts calls by tool and outcome, upstream answers by class, and both durations, after known calls', async () => {
    await call('fetch_item', { id: SECRET_ARG });
    await call('fetch_item', { id: 'b' });
    await call('fail_upstream');
    await call('throws');
    const text = await scrape();
    expect(sample(text, 'mcp_tool_calls_total{tool="fetch_item",outcome="ok"}')).toBe(2);
    expect(sample(text, 'mcp_tool_calls_total{tool="fail_upstream",outcome="upstream_5xx"}')).toBe(1);
    expect(sample(text, 'mcp_tool_calls_total{tool="throws",outcome="internal"}')).toBe(1);
    expect(sample(text, 'mcp_tool_calls_total{tool="fetch_item",outcome="upstream_5xx"}')).toBe(0);
    expect(sample(text, 'mcp_tool_call_duration_seconds_count{tool="fetch_item"}')).toBe(2);
    expect(sample(text, 'mcp_upstream_request_duration_seconds_count{tool="fetch_item"}')).toBe(2);
    expect(sample(text, 'mcp_upstream_request_duration_seconds_count{tool="throws"}')).toBe(0);
    expect(sample(text, 'mcp_upstream_responses_total{tool="fetch_item",class="2xx"}')).toBe(2);
    expect(sample(text, 'mcp_upstream_responses_total{tool="fail_upstream",class="5xx"}')).toBe(1);
    // Default process metrics are included.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toContain(SECRET_ARG);
  });

  it('an unknown tool name is counted as tool="(unknown)" and never becomes a label', async () => {
    const answer = await call('no_such_tool_zq81');
    expect(answer.json?.error?.code).toBe(-32601);
    const text = await scrape();
    expect(sample(text, 'mcp_tool_calls_total{tool="(unknown)",outcome="unknown_tool"}')).toBe(1);
    expect(text).not.toContain('no_such_tool_zq81');
  });

  it('counts a body over MAX_BODY_BYTES as refused for size', async () => {
    const before = sample(await scrape(), 'mcp_refused_requests_total{reason="size"}');
    expect(before).toBe(0);
    const answer = await call('fetch_item', { id: 'x'.repeat(2000) });
    expect(answer.status).toBe(413);
    expect(sample(await scrape(), 'mcp_refused_requests_total{reason="size"}')).toBe(1);
  });

  it('reports open SSE streams and calls in flight at scrape time', async () => {
    expect(sample(await scrape(), 'mcp_sse_streams_open')).toBe(0);
    const client = await SseClient.open(stack.url);
    try {
      expect(sample(await scrape(), 'mcp_sse_streams_open')).toBe(1);
      expect(sample(await scrape(), 'mcp_calls_in_flight')).toBe(0);
    } finally {
      client.close();
      await client.waitClosed();
    }
  });

  it('is not served on the MCP port', async () => {
    const response = await fetch(`${stack.url}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('mcp_tool_calls_total');
  });

  it('answers 404 to anything but GET /metrics on its own port', async () => {
    expect((await fetch(`${stack.server.metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${stack.server.metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('metrics off (no METRICS_PORT)', () => {
  it('opens no metrics listener', async () => {
    const api = await startStandInApi();
    const stack = await startStack({ tools: fixtureTools, customerApiUrl: () => api.url });
    try {
      expect(stack.server.metricsUrl).toBeUndefined();
    } finally {
      await stack.close();
      await api.close();
    }
  });
});

describe('refused requests by reason', () => {
  const SECRET = 'a-hub-secret-of-32-characters-xx';
  let api: StandInApi;
  let stack: Stack;
  beforeAll(async () => {
    api = await startStandInApi();
    stack = await startStack({
      env: { METRICS_PORT: '0', HUB_SECRETS: SECRET, USER_CALLS_PER_MINUTE: '1', USER_CALL_BURST: '1' },
      tools: fixtureTools,
      customerApiUrl: () => api.url,
    });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });
  const refused = async (reason: string) =>
    sample(await (await fetch(`${stack.server.metricsUrl}/metrics`)).text(), `mcp_refused_requests_total{reason="${reason}"}`);
  const post = (headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('fetch_item', { id: 'a' }) });
      const req = httpRequest(`${stack.url}/messages`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });

  it('counts the door refusals (auth, host) and the per-user limit (rate_limit)', async () => {
    expect(await post({})).toBe(401);
    expect(await post({ host: 'evil.example', 'x-hub-secret': SECRET })).toBe(403);
    expect(await post({ 'x-hub-secret': SECRET, 'x-user-id': 'u-1' })).toBe(200);
    expect(await post({ 'x-hub-secret': SECRET, 'x-user-id': 'u-1' })).toBe(200); // answered with a wait-and-retry result
    expect(await refused('auth')).toBe(1);
    expect(await refused('host')).toBe(1);
    expect(await refused('rate_limit')).toBe(1);
    expect(await refused('in_flight')).toBe(0);
  });
});
