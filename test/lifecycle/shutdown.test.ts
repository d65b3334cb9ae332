import { pathToFileURL } from 'node:url';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { once } from 'node:events';
import { join } from 'node:path';
import { callTool, SseClient } from '../support/sse-client';
import { MANAGER, startStack } from '../support/stack';
import { until } from '../support/wait';
import { STOPPED_BY_SHUTDOWN } from '../../src/tools/registry';
import { spawnChild } from '../support/children';

const slowNext = (apiUrl: string, delayMs: number) =>
  fetch(`${apiUrl}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delayMs }) });

describe('graceful shutdown', () => {
  it('stops accepting, lets the in-flight call finish and deliver its answer, then ends the streams', async () => {
    const stack = await startStack({ env: { SHUTDOWN_GRACE_MS: '5000' } });
    try {
      await slowNext(stack.api.url, 300);
      const client = await SseClient.open(stack.url);
      const answer = client.call(1, 'tools/call', callTool('get_order', { orderId: '1001' }), MANAGER);
      await until(() => stack.server.inFlight.size === 1);
      const done = stack.server.shutdown();
      // New messages are refused while draining: 503 on a kept-alive connection, or no new connection at all.
      const late = await fetch(`${stack.url}${client.endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":2,"method":"ping"}',
      }).then((response) => response.status, () => 'refused');
      expect([503, 'refused']).toContain(late);
      expect((await answer).result?.content?.[0]?.text).toContain('Northwind');
      await done;
      await client.waitClosed();
      expect(stack.server.sessions.size).toBe(0);
      expect(stack.server.http.listening).toBe(false);
    } finally {
      await stack.api.close();
    }
  });

  it('stops a call that outlives the grace, answers it with a sentence to try again, then ends the streams', async () => {
    const stack = await startStack({ env: { SHUTDOWN_GRACE_MS: '100' } });
    try {
      await slowNext(stack.api.url, 5_000);
      const client = await SseClient.open(stack.url);
      const answer = client.call(1, 'tools/call', callTool('whoami'), MANAGER);
      await until(() => stack.server.inFlight.size === 1);
      await stack.server.shutdown();
      // The shutdown sentence, not whoami's answer (which the API sends after 5 s): the call was stopped at the grace.
      expect((await answer).result).toEqual({ isError: true, content: [{ type: 'text', text: STOPPED_BY_SHUTDOWN }] });
      await client.waitClosed();
      const line = stack.logs().find((entry) => entry.msg === 'tool call');
      expect(line).toMatchObject({ outcome: 'cancelled', code: 'SHUTDOWN' });
      expect(stack.logs().find((entry) => entry.msg === 'shutting down')).toMatchObject({ drained: false, abandoned: 1, stillRunning: 0 });
    } finally {
      await stack.api.close();
    }
  });

  it('answers a direct call (POST /mcp) that outlives the grace in its own response, before the socket closes', async () => {
    const stack = await startStack({ env: { SHUTDOWN_GRACE_MS: '100' } });
    try {
      await slowNext(stack.api.url, 5_000);
      const response = fetch(`${stack.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2025-11-25', ...MANAGER },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: callTool('whoami') }),
      });
      await until(() => stack.server.inFlight.size === 1);
      await stack.server.shutdown();
      const answered = await response;
      expect(answered.status).toBe(200);
      expect(await answered.json()).toMatchObject({ id: 7, result: { isError: true, content: [{ type: 'text', text: STOPPED_BY_SHUTDOWN }] } });
    } finally {
      await stack.api.close();
    }
  });
});

describe('in-flight accounting', () => {
  it('a direct call whose client hangs up stops counting at once, so shutdown does not wait for it', async () => {
    const stack = await startStack({ env: { SHUTDOWN_GRACE_MS: '5000' } });
    try {
      await slowNext(stack.api.url, 5_000);
      const controller = new AbortController();
      const pending = fetch(`${stack.url}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...MANAGER },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('whoami') }),
        signal: controller.signal,
      }).catch(() => 'aborted');
      await until(() => stack.server.inFlight.size === 1);
      controller.abort();
      expect(await pending).toBe('aborted');
      await until(() => stack.server.inFlight.size === 0);
      await stack.server.shutdown();
      // Nothing left to wait for: drained at once, nothing stopped (had the call counted, the 5 s grace would
      // have run out before the API's answer and stopped it).
      expect(stack.logs()).toContainEqual(expect.objectContaining({ msg: 'shutting down', drained: true, abandoned: 0 }));
    } finally {
      await stack.api.close();
    }
  });

  it('a call cancelled with notifications/cancelled stops counting, and no answer is sent for it', async () => {
    const stack = await startStack({ env: { SHUTDOWN_GRACE_MS: '5000' } });
    try {
      await slowNext(stack.api.url, 5_000);
      const client = await SseClient.open(stack.url);
      await client.post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: callTool('whoami') }, MANAGER);
      await until(() => stack.server.inFlight.size === 1);
      const cancel = await client.post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'user stopped' } });
      expect(cancel.status).toBe(202);
      await until(() => stack.server.inFlight.size === 0);
      await stack.server.shutdown();
      await client.waitClosed();
      expect(client.events.some((e) => e.event === 'message')).toBe(false);
    } finally {
      await stack.api.close();
    }
  });
});

describe('the entry point', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('on %s exits 0 after logging the shutdown', async (signal) => {
    const child = spawnChild(process.execPath, ['--import', TSX, join(__dirname, '../../src/index.ts')], {
      cwd: emptyFolder(), // no .env of the developer's
      // An API address of its own: the example API may not exist in a fork (it is tested in example-api/).
      env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development', CUSTOMER_API_URL: 'http://127.0.0.1:9' },
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    try {
      await until(() => out.includes('tool server listening'), 120_000);
      child.kill(signal);
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
      expect(out).toContain('shutdown complete');
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses to start in production without CUSTOMER_API_URL, reporting every problem at once', async () => {
    const child = spawnChild(process.execPath, ['--import', TSX, join(__dirname, '../../src/index.ts')], {
      cwd: emptyFolder(),
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: 'eighty', LOG_LEVEL: 'loud' },
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(1);
    expect(err).toContain('Invalid configuration');
    expect(err).toContain('PORT');
    expect(err).toContain('LOG_LEVEL');
  });
});

const TSX = pathToFileURL(require.resolve('tsx')).href;

/** A working directory with no `.env`: the entry point reads the one in its working directory. */
function emptyFolder(): string {
  return mkdtempSync(join(tmpdir(), 'entry-cwd-'));
}
