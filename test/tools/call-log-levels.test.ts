import { callTool, postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';
import { fixtureTools, SECRET_ARG, startStandInApi, type StandInApi } from '../support/stand-in-api';

const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

describe('log lines of a tool call, at LOG_LEVEL=debug', () => {
  let api: StandInApi;
  let stack: Stack;
  const run = async (tool: string, requestId: string, args: Record<string, unknown> = {}) => {
    await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool(tool, args) }, { 'x-request-id': requestId });
    return stack.logs().filter((line) => line.requestId === requestId);
  };
  const callLine = (lines: Array<Record<string, unknown>>) => lines.find((line) => line.outcome !== undefined);

  beforeAll(async () => {
    api = await startStandInApi();
    // 5 s, not 300 ms: every call here runs under this deadline, and beside a CPU hog (CI) a call that
    // should succeed took longer than 300 ms and ended as a time-out. Only /slow (never answered) waits it out.
    stack = await startStack({ env: { LOG_LEVEL: 'debug', UPSTREAM_TIMEOUT_MS: '5000' }, tools: fixtureTools, customerApiUrl: () => api.url });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });

  it('a success is info, with one debug line per upstream request: method, path template, status, bytes, duration, request id', async () => {
    const lines = await run('fetch_item', 'req-ok', { id: SECRET_ARG });
    expect(callLine(lines)).toMatchObject({ level: LEVEL.info, msg: 'tool call', tool: 'fetch_item', outcome: 'ok', upstreamStatus: 200 });
    const upstream = lines.filter((line) => line.msg === 'upstream request');
    expect(upstream).toHaveLength(1);
    expect(upstream[0]).toMatchObject({
      level: LEVEL.debug,
      tool: 'fetch_item',
      requestId: 'req-ok',
      method: 'GET',
      path: '/items/:id',
      status: 200,
      bytes: expect.any(Number),
      durationMs: expect.any(Number),
    });
    expect(upstream[0]!.bytes).toBeGreaterThan(0);
    // Neither the filled-in path nor the query: the argument value appears in no line at all.
    expect(stack.logText()).not.toContain(SECRET_ARG);
  });

  it('an upstream 500 is warn', async () => {
    const lines = await run('fail_upstream', 'req-500');
    expect(callLine(lines)).toMatchObject({ level: LEVEL.warn, outcome: 'upstream_5xx', upstreamStatus: 500 });
    expect(lines.find((line) => line.msg === 'upstream request')).toMatchObject({ level: LEVEL.debug, path: '/fail', status: 500 });
    expect(stack.logText()).not.toContain('database down');
  });

  it('an upstream time-out is warn', async () => {
    const lines = await run('slow_upstream', 'req-timeout');
    expect(callLine(lines)).toMatchObject({ level: LEVEL.warn, outcome: 'upstream_timeout' });
    expect(lines.find((line) => line.msg === 'upstream request')).toMatchObject({ path: '/slow', error: 'UPSTREAM_TIMEOUT' });
  });

  it('a dropped connection is warn', async () => {
    const lines = await run('drop_upstream', 'req-drop');
    expect(callLine(lines)).toMatchObject({ level: LEVEL.warn, outcome: 'upstream_unreachable' });
  });

  it('a tool that throws is error, with the error', async () => {
    const lines = await run('throws', 'req-throw');
    expect(callLine(lines)).toMatchObject({ level: LEVEL.error, outcome: 'internal', err: { message: 'a bug in the tool' } });
  });

  it('invalid arguments are info', async () => {
    const lines = await run('fetch_item', 'req-invalid', { id: 7 });
    expect(callLine(lines)).toMatchObject({ level: LEVEL.info, outcome: 'invalid_arguments' });
  });
});

describe('at LOG_LEVEL=info', () => {
  it('writes no upstream lines', async () => {
    const api = await startStandInApi();
    const stack = await startStack({ tools: fixtureTools, customerApiUrl: () => api.url });
    try {
      await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('fetch_item', { id: 'a' }) });
      expect(stack.logs().some((line) => line.msg === 'tool call')).toBe(true);
      expect(stack.logs().some((line) => line.msg === 'upstream request')).toBe(false);
    } finally {
      await stack.close();
      await api.close();
    }
  });
});
