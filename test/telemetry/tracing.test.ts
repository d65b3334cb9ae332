import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { callTool, postDirect } from '../support/sse-client';
import { until } from '../support/wait';
import { SECRET_ARG, startStandInApi, type StandInApi } from '../support/stand-in-api';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver';
import { spawnChild } from '../support/children';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';
const TRACESTATE = 'hub=t61rcWkgMzE';

describe('tracing on (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  let api: StandInApi;
  let receiver: OtlpReceiver;
  let server: ChildProcess;
  const spanNamed = (name: string): ReceivedSpan => {
    const span = receiver.spans.find((s) => s.name === name);
    if (!span) throw new Error(`no span named ${name}; got ${receiver.spans.map((s) => s.name).join(', ')}`);
    return span;
  };

  beforeAll(async () => {
    api = await startStandInApi();
    receiver = await startOtlpReceiver();
    server = spawnChild(process.execPath, ['--import', 'tsx', join(__dirname, 'traced-server.ts')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        CUSTOMER_API_URL: api.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_SERVICE_NAME: 'orders-tools',
      },
    });
    let out = '';
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    server.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    await until(() => /listening (\S+)/.test(out), 120_000);
    const url = /listening (\S+)/.exec(out)![1]!;
    const traced = { traceparent: `00-${TRACE_ID}-${CLIENT_SPAN}-01`, tracestate: TRACESTATE, authorization: 'Bearer tok-secret-1' };
    await postDirect(url, { jsonrpc: '2.0', id: 41, method: 'tools/call', params: callTool('fetch_item', { id: SECRET_ARG }) }, traced);
    await postDirect(url, { jsonrpc: '2.0', id: 42, method: 'tools/call', params: callTool('fail_upstream') }, traced);
    await postDirect(url, { jsonrpc: '2.0', id: 43, method: 'tools/call', params: callTool('throws') });
    // Shutdown flushes the batch of spans to the receiver.
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    expect((await exited)[0]).toBe(0);
  }, 30_000);
  afterAll(async () => {
    server.kill('SIGKILL');
    await receiver.close();
    await api.close();
  });

  it('exports a SERVER span per tool call, child of the received traceparent, with the MCP attributes', () => {
    const call = spanNamed('tools/call fetch_item');
    expect(call).toMatchObject({ traceId: TRACE_ID, parentSpanId: CLIENT_SPAN, kind: 2, service: 'orders-tools' });
    expect(call.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'fetch_item',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': '41',
    });
    expect(call.attributes['error.type']).toBeUndefined();
  });

  it('exports a CLIENT span per upstream request, child of the tool span, with the path template', () => {
    const call = spanNamed('tools/call fetch_item');
    const upstream = spanNamed('GET /items/:id');
    expect(upstream).toMatchObject({ traceId: TRACE_ID, parentSpanId: call.spanId, kind: 3 });
    expect(upstream.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.template': '/items/:id',
      'http.response.status_code': 200,
      'server.address': '127.0.0.1',
    });
  });

  it("the customer API receives the upstream span's traceparent and the received tracestate", () => {
    const upstream = spanNamed('GET /items/:id');
    const request = api.received.find((entry) => entry.path.startsWith('/items/'));
    expect(request?.headers.traceparent).toBe(`00-${TRACE_ID}-${upstream.spanId}-01`);
    expect(request?.headers.tracestate).toBe(TRACESTATE);
  });

  it('marks failures: error.type on the call span and the upstream status on its child', () => {
    const call = spanNamed('tools/call fail_upstream');
    expect(call.attributes['error.type']).toBe('upstream_5xx');
    expect(call.status.code).toBe(2);
    const upstream = spanNamed('GET /fail');
    expect(upstream).toMatchObject({ parentSpanId: call.spanId, status: { code: 2 } });
    expect(upstream.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
  });

  it('a call without a traceparent starts its own trace', () => {
    const call = spanNamed('tools/call throws');
    expect(call.parentSpanId).toBeUndefined();
    expect(call.traceId).not.toBe(TRACE_ID);
    expect(call.attributes['error.type']).toBe('internal');
  });

  it('exports no argument value and no credential', () => {
    const exported = receiver.bodies.join('\n');
    expect(exported).not.toContain(SECRET_ARG);
    expect(exported).not.toContain('tok-secret-1');
  });
});
