import { createServer, type ServerResponse } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { failureResult } from '../../src/tools/results';
import { createUpstream } from '../../src/upstream/api-client';
import { UpstreamTimeoutError } from '../../src/upstream/errors';

const scope = (signal = new AbortController().signal) => ({ headers: {}, tenantId: undefined, signal });

/** Sends JSON headers at once, then one byte every 400 ms, for ever (until the client goes). */
function drip(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  const timer = setInterval(() => res.write('1,'), 400);
  res.on('close', () => clearInterval(timer));
}

describe('one deadline per upstream request', () => {
  let server: Listening;
  let received: string[];
  const held: ServerResponse[] = [];
  beforeAll(async () => {
    received = [];
    server = await listen(
      createServer((req, res) => {
        received.push(req.url ?? '');
        if (req.url === '/drip') return drip(res);
        if (req.url === '/hold') return void held.push(res); // never answered
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }),
    );
  });
  afterAll(() => server.close());

  it('a drip-fed body ends at the deadline with the time-out result', async () => {
    const upstream = createUpstream({ baseUrl: server.url, timeoutMs: 1000 });
    try {
      const started = performance.now();
      const error = await upstream.forCall(scope()).get('/drip').catch((e: unknown) => e);
      const elapsed = performance.now() - started;
      expect(error).toBeInstanceOf(UpstreamTimeoutError);
      expect(failureResult(error).outcome).toBe('UPSTREAM_TIMEOUT');
      expect(elapsed).toBeGreaterThanOrEqual(990);
      expect(elapsed).toBeLessThan(1400); // before the fix: each byte restarted bodyTimeout, and it ran for ever
    } finally {
      await upstream.close();
    }
  });

  it('the wait for a pooled connection counts: a queued request times out without ever being sent', async () => {
    const upstream = createUpstream({ baseUrl: server.url, timeoutMs: 300, connections: 1 });
    received.length = 0;
    try {
      const first = upstream.forCall(scope()).get('/hold').catch((e: unknown) => e);
      const started = performance.now();
      const queued = await upstream.forCall(scope()).get('/queued').catch((e: unknown) => e);
      const elapsed = performance.now() - started;
      expect(queued).toBeInstanceOf(UpstreamTimeoutError);
      expect(elapsed).toBeLessThan(600);
      expect(await first).toBeInstanceOf(UpstreamTimeoutError);
      expect(received).toEqual(['/hold']);
      // The pool is usable again once the deadline freed the held connection.
      await expect(upstream.forCall(scope()).get('/ok')).resolves.toEqual({ ok: true });
    } finally {
      await upstream.close();
    }
  });

  it('a cancelled call is not reported as a time-out', async () => {
    const upstream = createUpstream({ baseUrl: server.url, timeoutMs: 5000 });
    try {
      const controller = new AbortController();
      const pending = upstream.forCall(scope(controller.signal)).get('/hold').catch((e: unknown) => e);
      controller.abort();
      const error = await pending;
      expect(error).not.toBeInstanceOf(UpstreamTimeoutError);
      expect((error as Error).name).toMatch(/Abort/);
    } finally {
      await upstream.close();
    }
  });
});
