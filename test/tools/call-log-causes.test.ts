// A failed call's log line names its cause: the error code and host of an API or hub that
// could not be reached or did not answer, "not configured" for a file tool without HUB_URL, the
// request's method and path template, and never the filled-in path, query or credentials.
import { createServer, type Server } from 'node:http';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen';
import { defineTool } from '../../src/tools';
import { callTool, postDirect } from '../support/sse-client';
import { MANAGER, startStack, type Stack } from '../support/stack';

const LEVEL = { info: 30, warn: 40, error: 50 } as const;

const tools = [
  defineTool({
    name: 'order_then_file',
    description: 'Reads an order from the API, then a file from the library.',
    input: {},
    handler: async (_args, ctx) => {
      await ctx.api.get('/users/:id', { params: { id: 'me' }, query: { secret: 'query-value-zq' } });
      const file = await ctx.files.fetch('report.csv');
      return file.name;
    },
  }),
  defineTool({
    name: 'order',
    description: 'Reads an order from the API.',
    input: {},
    handler: async (_args, ctx) => JSON.stringify(await ctx.api.get('/users/:id', { params: { id: 'me' }, query: { secret: 'query-value-zq' } })),
  }),
];

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const held = await listen(createServer());
  const port = Number(new URL(held.url).port);
  await held.close();
  return port;
}

/** An API that takes requests and never answers them. */
async function silentApi(): Promise<Listening> {
  const server: Server = createServer(() => undefined);
  return listen(server);
}

async function callLine(stack: Stack, tool: string, requestId: string, headers: Record<string, string> = {}) {
  const answer = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(tool) }, { 'x-request-id': requestId, ...headers });
  const lines = stack.logs().filter((line) => line.requestId === requestId && typeof line.outcome === 'string');
  expect(lines).toHaveLength(1);
  return { answer, line: lines[0]!, raw: stack.logText().split('\n').find((text) => text.includes(`"requestId":"${requestId}"`))! };
}

describe('the log line of a failed call names the cause', () => {
  it('an unreachable API: ECONNREFUSED, host:port and the path template, no filled-in path, query or credentials', async () => {
    const port = await closedPort();
    const stack = await startStack({ tools, customerApiUrl: () => `http://user:pw-zq@127.0.0.1:${port}/v1` });
    try {
      const { answer, line, raw } = await callLine(stack, 'order', 'req-refused', { authorization: 'Bearer token-zq' });
      expect(answer.json?.result).toMatchObject({ isError: true });
      expect(line).toMatchObject({ level: LEVEL.warn, outcome: 'upstream_unreachable', cause: 'ECONNREFUSED', host: `127.0.0.1:${port}`, upstreamMethod: 'GET', upstreamPath: '/users/:id' });
      expect(raw.replace('"upstreamPath":"/users/:id"', '')).not.toMatch(/users|\/me\b|query-value-zq|pw-zq|token-zq|\/v1/);
    } finally {
      await stack.close();
    }
  });

  it('an API whose name does not resolve: ENOTFOUND (EAI_AGAIN without a resolver) and the host', async () => {
    // .invalid never resolves (RFC 2606).
    const stack = await startStack({ tools, customerApiUrl: () => 'http://no-such-api.invalid:8080/v1' });
    try {
      const { line } = await callLine(stack, 'order', 'req-dns');
      expect(line).toMatchObject({ level: LEVEL.warn, outcome: 'upstream_unreachable', cause: expect.stringMatching(/^(ENOTFOUND|EAI_AGAIN)$/), host: 'no-such-api.invalid:8080' });
    } finally {
      await stack.close();
    }
  });

  it('an API that does not answer in time: cause timeout and the host', async () => {
    const api = await silentApi();
    const stack = await startStack({ tools, env: { UPSTREAM_TIMEOUT_MS: '200' }, customerApiUrl: () => api.url });
    try {
      const { line } = await callLine(stack, 'order', 'req-timeout');
      expect(line).toMatchObject({ level: LEVEL.warn, outcome: 'upstream_timeout', cause: 'timeout', host: new URL(api.url).host });
    } finally {
      await stack.close();
      await api.close();
    }
  });

  it('a file tool without HUB_URL: hub_error at error, HUB_NOT_CONFIGURED, cause "not configured (HUB_URL)"; not tool_error', async () => {
    const stack = await startStack({ tools, customerApiUrl: (url) => url });
    try {
      const { answer, line } = await callLine(stack, 'order_then_file', 'req-no-hub', { ...MANAGER, 'x-session-id': 'session-zq' });
      expect(answer.json?.result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('HUB_URL is not configured') }] });
      expect(line).toMatchObject({ level: LEVEL.error, outcome: 'hub_error', code: 'HUB_NOT_CONFIGURED', cause: 'not configured (HUB_URL)', upstreamStatus: 200 });
      expect(line.host).toBeUndefined();
    } finally {
      await stack.close();
    }
  });

  it('an unreachable hub: hub_unavailable, ECONNREFUSED and the hub host', async () => {
    const port = await closedPort();
    const stack = await startStack({ tools, env: { HUB_URL: `http://127.0.0.1:${port}/hub`, HUB_FILES_READ_KEY: 'svc_ak_read_zq' }, customerApiUrl: (url) => url });
    try {
      const { line, raw } = await callLine(stack, 'order_then_file', 'req-hub-down', { ...MANAGER, 'x-session-id': 'session-zq' });
      expect(line).toMatchObject({ level: LEVEL.warn, outcome: 'hub_unavailable', cause: 'ECONNREFUSED', host: `127.0.0.1:${port}` });
      expect(raw).not.toMatch(/svc_ak_read_zq|session-zq|\/hub/);
    } finally {
      await stack.close();
    }
  });

  it('a call that succeeds has neither cause nor host', async () => {
    const stack = await startStack({ tools, customerApiUrl: (url) => url });
    try {
      const { line } = await callLine(stack, 'order', 'req-ok', MANAGER);
      expect(line.outcome).toBe('ok');
      expect(line).not.toHaveProperty('cause');
      expect(line).not.toHaveProperty('host');
    } finally {
      await stack.close();
    }
  });
});
