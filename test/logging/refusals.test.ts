// Every refusal has a log line naming its cause, at most one a minute per cause with the count of those
// not written since (`suppressed`), and never the body, the credential or an argument: drain refusals of a
// rolling restart (answered with the request's id on the hub's lane), and the lanes' protocol refusals
// (malformed JSON, too large, unknown session, bad headers). Real servers on loopback, the real logger.
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from '../../src/http/listen';
import { createLogger } from '../../src/logger';
import { createRefusalLog } from '../../src/logging/refusals';
import { logSink } from '../support/log-sink';
import { callTool, SseClient } from '../support/sse-client';
import { MANAGER, startStack, type Stack } from '../support/stack';
import { until } from '../support/wait';

const SECRET_ARGUMENT = 'argument-value-q7z';
const refusedLines = (stack: Stack) => stack.logs().filter((line) => line.msg === 'request refused');

async function send(url: string, path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; json: { id?: unknown; error?: { code: number } } }> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body });
  return { status: response.status, json: (await response.json()) as { id?: unknown; error?: { code: number } } };
}

describe('the refusal log', () => {
  it('counts refusals of a cause between its lines: the first at once, the next after the window says `suppressed`', async () => {
    const sink = logSink();
    let clock = 0;
    const refusals = createRefusalLog(createLogger({ level: 'info', destination: sink.stream, instance: 'test' }), { everyMs: 60_000, now: () => clock });
    const server = await listen(
      createServer((req: IncomingMessage, res: ServerResponse) => {
        refusals.refused(req, req.url?.startsWith('/full') ? 503 : 400, req.url?.startsWith('/full') ? 'at-capacity' : 'malformed');
        res.writeHead(req.url?.startsWith('/full') ? 503 : 400).end();
      }),
    );
    try {
      for (let i = 0; i < 42; i += 1) await fetch(`${server.url}/bad?sessionId=s-1`);
      await fetch(`${server.url}/full`);
      clock = 60_000;
      await fetch(`${server.url}/bad`);
      // Two more within the window, then shutdown: flush writes their count, once.
      await fetch(`${server.url}/bad`);
      await fetch(`${server.url}/bad`);
      refusals.flush();
      refusals.flush();
    } finally {
      await server.close();
    }
    const lines = sink.text().trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, cause: 'malformed', status: 400, method: 'GET', path: '/bad', suppressed: 0, msg: 'request refused' }),
      expect.objectContaining({ level: 40, cause: 'at-capacity', status: 503, path: '/full', suppressed: 0 }),
      expect.objectContaining({ level: 30, cause: 'malformed', suppressed: 41 }),
      { level: 30, time: expect.any(Number), instance: 'test', cause: 'malformed', status: 400, suppressed: 2, msg: 'request refused' },
    ]);
    expect(sink.text()).not.toContain('s-1');
  });

  describe('on a running server', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ env: { MAX_BODY_BYTES: '2048' } });
    });
    afterAll(() => stack.close());

    it('malformed JSON, a body too large, an unknown session and bad /mcp headers each get one line with the cause, without the body', async () => {
      const malformed = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${SECRET_ARGUMENT}"`;
      expect((await send(stack.url, '/messages', malformed)).status).toBe(400);
      expect((await send(stack.url, '/messages', malformed)).status).toBe(400);
      expect((await send(stack.url, '/mcp', malformed)).status).toBe(400);
      expect((await send(stack.url, '/messages', JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: SECRET_ARGUMENT.repeat(300) } }))).status).toBe(413);
      expect((await send(stack.url, '/messages?sessionId=gone-session-q7z', '{"jsonrpc":"2.0","id":3,"method":"ping"}')).status).toBe(404);
      expect((await send(stack.url, '/mcp', '{"jsonrpc":"2.0","id":4,"method":"ping"}', { 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
      const lines = refusedLines(stack);
      expect(lines.map((line) => [line.cause, line.status, line.path, line.level])).toEqual([
        // The second /messages and the /mcp malformed body: the same cause within the minute, counted, not written.
        ['body-parse', 400, '/messages', 30],
        ['body-too-large', 413, '/messages', 30],
        ['session-not-found', 404, '/messages', 30],
        ['invalid-request', 400, '/mcp', 30],
      ]);
      for (const line of lines) expect(line).toMatchObject({ method: 'POST', suppressed: 0, instance: stack.config.instance });
      expect(stack.logText()).not.toContain(SECRET_ARGUMENT);
      expect(stack.logText()).not.toContain('gone-session-q7z');
    });
  });

  it('a rolling restart: each POST /messages that arrives while draining is answered 503 with its id; the first is logged, the count of the rest at shutdown', async () => {
    const stack = await startStack({ env: { SHUTDOWN_GRACE_MS: '10000' } });
    try {
      // A call in flight keeps the server draining while the late request arrives.
      await fetch(`${stack.api.url}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delayMs: 1000 }) });
      const client = await SseClient.open(stack.url);
      const inFlight = client.call(1, 'tools/call', callTool('whoami'), MANAGER);
      await until(() => stack.server.inFlight.size === 1);
      // Two late requests: their headers reach the server before shutdown begins, their bodies after.
      const late = [7, 8].map(() => request(`${stack.url}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' } }));
      const arrived = new Promise<void>((resolve) => {
        let count = 0;
        stack.server.http.on('request', () => (++count === 2 ? resolve() : undefined));
      });
      for (const one of late) one.flushHeaders();
      await arrived;
      const done = stack.server.shutdown();
      for (const [index, one] of late.entries()) {
        one.end(`{"jsonrpc":"2.0","id":${7 + index},"method":"ping"}`);
        const [response] = (await once(one, 'response')) as [IncomingMessage];
        let text = '';
        for await (const chunk of response) text += String(chunk);
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(JSON.parse(text)).toEqual({ jsonrpc: '2.0', id: 7 + index, error: { code: -32002, message: 'Server is shutting down; retry shortly' } });
      }
      await inFlight;
      await done;
      // The first at once; the second counted, and its count written at shutdown, before the last line.
      expect(refusedLines(stack)).toEqual([
        expect.objectContaining({ level: 40, cause: 'draining', status: 503, method: 'POST', path: '/messages', suppressed: 0 }),
        expect.objectContaining({ level: 40, cause: 'draining', status: 503, suppressed: 1 }),
      ]);
      const messages = stack.logs().map((line) => line.msg);
      expect(messages.lastIndexOf('request refused')).toBeLessThan(messages.indexOf('shutting down'));
    } finally {
      await stack.api.close();
    }
  });
});
