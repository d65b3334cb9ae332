import { createServer, type ServerResponse } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { failureResult } from '../../src/tools/results';
import { createUpstream } from '../../src/upstream/api-client';
import { deadlinesInFlight, startDeadline } from '../../src/upstream/deadline';
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
        if (req.url === '/hold' || req.url === '/queued') return void held.push(res); // never answered
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
      // Before the fix each byte restarted bodyTimeout and it ran for ever: any bound shows it ended. Not a
      // tight one: CI's loaded machine took 1.6 s for this 1 s deadline.
      expect(elapsed).toBeLessThan(5000);
    } finally {
      await upstream.close();
    }
  });

  it('the wait for a pooled connection counts: a queued request ends at its own deadline, never sent while the connection is held', async () => {
    // 1 s deadlines: a queued request that waited for the held one and then for its own would take 2 s,
    // which the bound below tells apart from its own 1 s even on a loaded machine.
    const upstream = createUpstream({ baseUrl: server.url, timeoutMs: 1000, connections: 1 });
    try {
      // A first request opens the pool's one connection, so the two below start within microseconds.
      await expect(upstream.forCall(scope()).get('/ok')).resolves.toEqual({ ok: true });
      received.length = 0;
      const first = upstream.forCall(scope()).get('/hold').catch((e: unknown) => e);
      const started = performance.now();
      const queued = await upstream.forCall(scope()).get('/queued').catch((e: unknown) => e);
      const elapsed = performance.now() - started;
      // The API holds /queued too: if it goes out in the moment between the held request's deadline (which
      // frees the connection) and its own, it still ends at its own deadline, not with an answer.
      expect(queued).toBeInstanceOf(UpstreamTimeoutError);
      expect(elapsed).toBeLessThan(1900);
      expect(await first).toBeInstanceOf(UpstreamTimeoutError);
      // Never sent while the held request had the connection.
      expect(received[0]).toBe('/hold');
      expect(received.slice(1).every((url) => url === '/queued')).toBe(true);
      // The pool is usable again once the deadlines freed the connection.
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

/** Resolves with the time (performance.now()) at which `signal` aborts. */
const abortedAt = (signal: { once(event: 'abort', listener: () => void): unknown }): Promise<number> =>
  new Promise((resolve) => signal.once('abort', () => resolve(performance.now())));

describe('the deadlines of one time-out share one list and one timer', () => {
  it('each request expires at its own deadline, in start order, though the requests before it were cleared', async () => {
    const started = performance.now();
    const first = startDeadline(300);
    const cleared = startDeadline(300);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const laterStarted = performance.now();
    const later = startDeadline(300);
    const expiries = Promise.all([abortedAt(first.signal), abortedAt(later.signal)]);
    cleared.clear();
    const [firstAt, laterAt] = await expiries;
    expect(first.expired).toBe(true);
    expect(later.expired).toBe(true);
    expect(cleared.signal.aborted).toBe(false);
    expect(cleared.expired).toBe(false);
    expect(firstAt - started).toBeGreaterThanOrEqual(299);
    // The later one waits for its own deadline, counted from its own start (a loaded machine may run the
    // first expiry late, so the gap between the two is no measure), and expires after the first.
    expect(laterAt - laterStarted).toBeGreaterThanOrEqual(299);
    expect(laterAt).toBeGreaterThan(firstAt);
    expect(laterAt - started).toBeLessThan(900);
    expect(deadlinesInFlight().get(300)).toEqual({ size: 0, armed: false });
  });

  it('a cleared head does not end the next request early, and the list holds only requests in flight', async () => {
    const head = startDeadline(250);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = startDeadline(250);
    const nextStarted = performance.now();
    head.clear();
    const at = await abortedAt(next.signal);
    expect(at - nextStarted).toBeGreaterThanOrEqual(249);
    expect(head.signal.aborted).toBe(false);

    // Thousands started and cleared in any order: none is kept.
    const many = Array.from({ length: 5000 }, () => startDeadline(250));
    for (const deadline of many.filter((_, i) => i % 2 === 1)) deadline.clear();
    expect(deadlinesInFlight().get(250)?.size).toBe(2500);
    for (const deadline of many.filter((_, i) => i % 2 === 0).reverse()) deadline.clear();
    expect(deadlinesInFlight().get(250)?.size).toBe(0);
    many[0]!.clear(); // clearing twice is harmless
    expect(deadlinesInFlight().get(250)?.size).toBe(0);
  });

  it('a call that aborts ends its requests at once, and they leave the list', async () => {
    const controller = new AbortController();
    const deadline = startDeadline(5000, controller.signal);
    const aborted = abortedAt(deadline.signal);
    controller.abort();
    await aborted;
    expect(deadline.expired).toBe(false);
    deadline.clear();
    expect(deadlinesInFlight().get(5000)?.size).toBe(0);
  });
});
