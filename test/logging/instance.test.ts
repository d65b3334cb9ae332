// Every log line names the replica that wrote it (`instance`: INSTANCE_ID, else host name and pid), so
// the merged logs of two replicas can be told apart; a cluster worker's lines keep `worker` too.
import { hostname } from 'node:os';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { defaultInstance } from '../../src/logging/settings';
import { writeCallLine } from '../../src/logging/call-line';
import { logSink } from '../support/log-sink';
import { callTool, postDirect } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';

const linesOf = (text: string): Array<Record<string, unknown>> =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the instance of every log line', () => {
  describe('two replicas with INSTANCE_ID, each serving calls', () => {
    let a: Stack;
    let b: Stack;
    beforeAll(async () => {
      [a, b] = await Promise.all([startStack({ env: { INSTANCE_ID: 'replica-a' } }), startStack({ env: { INSTANCE_ID: 'replica-b' } })]);
    });
    afterAll(() => Promise.all([a.close(), b.close()]));

    it('writes each replica\'s INSTANCE_ID on every line it logs, call lines and refusals alike', async () => {
      for (const stack of [a, b]) {
        await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('get_order', { orderId: 'ord_1001' }) });
        await postDirect(stack.url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: callTool('get_order', { orderId: 'x' }) });
      }
      for (const [stack, name] of [[a, 'replica-a'], [b, 'replica-b']] as const) {
        const lines = stack.logs();
        expect(lines.filter((line) => line.msg === 'tool call' || line.msg === 'tool call failed upstream').length).toBeGreaterThanOrEqual(2);
        for (const line of lines) expect(line.instance).toBe(name);
      }
    });
  });

  it('without INSTANCE_ID names the host and pid', () => {
    expect(loadConfig({}).instance).toBe(`${hostname()}:${process.pid}`);
    const sink = logSink();
    createLogger({ level: 'info', destination: sink.stream }).info('started');
    expect(linesOf(sink.text())[0]?.instance).toBe(`${hostname()}:${process.pid}`);
  });

  it('a host name with spaces or quotes is cleaned rather than written into every line', () => {
    expect(defaultInstance('web 1"\\x', 7)).toBe('web1x:7');
    expect(defaultInstance('', 7)).toBe('host:7');
  });

  it('a cluster worker\'s lines carry the instance and the worker, on pino\'s path and the hand-built call line', () => {
    const sink = logSink();
    const logger = createLogger({ level: 'info', destination: sink.stream, instance: 'web-1', worker: 2 });
    logger.info('listening');
    writeCallLine(logger, 'info', { tool: 't', requestId: 'r-1', userId: undefined, outcome: 'ok', durationMs: 1 }, 'tool call');
    const lines = linesOf(sink.text());
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatchObject({ instance: 'web-1', worker: 2 });
  });

  it.each(['has space', 'tab\there', 'quote"d', 'x'.repeat(65), 'bidi\u202e'])('refuses INSTANCE_ID %j at startup, naming the setting', (value) => {
    expect(() => loadConfig({ INSTANCE_ID: value })).toThrow(/INSTANCE_ID/);
  });
});
