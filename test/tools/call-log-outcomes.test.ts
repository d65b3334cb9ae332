// The call log line and the metrics speak one outcome vocabulary; 401 and 403 from the API are
// outcomes of their own; every tools/call writes a line, an unknown tool's too; no series for outcomes a
// tool cannot have.
import { createServer } from 'node:http';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen';
import { CALL_OUTCOMES } from '../../src/telemetry';
import { defineTool } from '../../src/tools';
import { callTool, postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

const LEVEL = { info: 30, warn: 40 } as const;

/** A stand-in API that answers /status/<code> with that status and a JSON body. */
async function statusApi(): Promise<Listening> {
  const server = createServer((req, res) => {
    const status = Number((req.url ?? '').split('/')[2]);
    res.writeHead(status >= 200 && status < 600 ? status : 400, { 'content-type': 'application/json' }).end('{"error":"from the API"}');
  });
  return listen(server);
}

const tools = [
  defineTool({
    name: 'status_of',
    description: 'Calls the API, which answers with the given status.',
    input: { status: z.number().int().describe('The status the API answers.') },
    handler: async ({ status }, ctx) => JSON.stringify(await ctx.api.get(`/status/${status}`)),
  }),
  defineTool({ name: 'quiet', description: 'Answers without the API.', input: {}, handler: () => 'fine' }),
];

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the outcome of a tool call, in its log line and its metrics', () => {
  let api: Listening;
  let stack: Stack;
  const scrape = async () => (await fetch(`${stack.server.metricsUrl}/metrics`)).text();
  // A user's call carries credentials (one without any gets its own outcome code: test/upstream/wait-and-credentials).
  const run = async (params: unknown, requestId: string) => {
    const answer = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params }, { 'x-request-id': requestId, authorization: 'Bearer user-token-1' });
    const lines = stack.logs().filter((line) => line.requestId === requestId);
    expect(lines).toHaveLength(1);
    return { answer, line: lines[0]! };
  };

  beforeAll(async () => {
    api = await statusApi();
    stack = await startStack({ env: { METRICS_PORT: '0' }, tools, customerApiUrl: () => api.url });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });

  it.each([
    [401, 'upstream_auth', 'Your session has expired'],
    [403, 'upstream_forbidden', "You don't have permission"],
    [404, 'upstream_4xx', 'HTTP 404'],
    [503, 'upstream_5xx', 'HTTP 503'],
  ])('an API answer %d is outcome %s in the log line and the metric alike', async (status, outcome, told) => {
    const before = sample(await scrape(), `mcp_tool_calls_total{tool="status_of",outcome="${outcome}"}`);
    const { answer, line } = await run(callTool('status_of', { status }), `req-${status}`);
    expect(answer.json?.result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining(told) }] });
    expect(line).toMatchObject({ msg: expect.stringMatching(/^tool call/), tool: 'status_of', outcome, upstreamStatus: status });
    expect(line.level).toBe(status >= 500 ? LEVEL.warn : LEVEL.info);
    expect(line.code).toBeUndefined(); // the status says it: no second code
    expect(sample(await scrape(), `mcp_tool_calls_total{tool="status_of",outcome="${outcome}"}`)).toBe((before ?? -1) + 1);
  });

  it('an unknown tool writes a call line, counted once under tool="(unknown)" and never by its name', async () => {
    const { answer, line } = await run(callTool('no_such_tool_zq81'), 'req-unknown');
    expect(answer.json?.error).toMatchObject({ code: -32601, message: 'Unknown tool: no_such_tool_zq81' });
    expect(line).toMatchObject({ level: LEVEL.info, msg: 'tool call', tool: 'no_such_tool_zq81', outcome: 'unknown_tool' });
    const text = await scrape();
    expect(sample(text, 'mcp_tool_calls_total{tool="(unknown)",outcome="unknown_tool"}')).toBe(1);
    expect(text).not.toContain('no_such_tool_zq81');
  });

  it('a tools/call without a name writes a call line with outcome invalid_request', async () => {
    const { answer, line } = await run({ arguments: {} }, 'req-nameless');
    expect(answer.json?.error?.code).toBe(-32602);
    expect(line).toMatchObject({ msg: 'tool call', outcome: 'invalid_request' });
    expect(sample(await scrape(), 'mcp_tool_calls_total{tool="(unknown)",outcome="invalid_request"}')).toBe(1);
  });

  it('pre-creates per tool only the outcomes every tool can have: no unknown_tool, no hub or oauth outcome until used', async () => {
    const series = (await scrape()).split('\n').filter((line) => line.startsWith('mcp_tool_calls_total{'));
    const quiet = series.filter((line) => line.includes('tool="quiet"')).map((line) => /outcome="([^"]+)"/.exec(line)?.[1]);
    expect(quiet).toEqual(CALL_OUTCOMES.filter((outcome) => !['unknown_tool', 'invalid_request', 'hub_error', 'hub_unavailable', 'auth_expired', 'auth_unavailable', 'auth_refused'].includes(outcome)));
    expect(series.filter((line) => line.includes('outcome="unknown_tool"'))).toEqual([expect.stringContaining('tool="(unknown)"')]);
    // Two tools × 14 outcomes, and one series for each of the two unnamed outcomes.
    expect(series).toHaveLength(2 * 14 + 2);
  });
});
