// The pool to the customer's API (src/upstream/agent.ts) against a stand-in API that counts connections:
// no connection for a request already aborted, and every other request still sent.
import type { Dispatcher } from 'undici';
import { createApiAgent } from '../../src/upstream/agent';
import { startCountingApi, type CountingApi } from '../support/counting-api';

describe('createApiAgent', () => {
  let api: CountingApi;
  let agent: ReturnType<typeof createApiAgent>;

  beforeEach(async () => {
    api = await startCountingApi();
  });
  afterEach(async () => {
    await agent.destroy();
    await api.close();
  });

  const get = (path: string, signal?: AbortSignal): Promise<Dispatcher.ResponseData> =>
    agent.request({ origin: api.url, path, method: 'GET', ...(signal ? { signal } : {}) });
  const text = async (path: string) => (await get(path)).body.text();

  it('requests aborted one at a time while the API holds them: no connection without a request', async () => {
    agent = createApiAgent({ connections: null, connectTimeoutMs: 1000 });
    const controllers = Array.from({ length: 20 }, () => new AbortController());
    const settled = controllers.map((controller) => get('/hold', controller.signal).then(() => 'answered', (error: Error) => error.name));
    await api.until((c) => c.held === 20);
    for (const [index, controller] of controllers.entries()) {
      controller.abort();
      await api.until((c) => c.held === 19 - index);
    }
    expect(new Set(await Promise.all(settled))).toEqual(new Set(['AbortError']));
    // Answered, so any connection opened before it was accepted first (the listen backlog is FIFO).
    expect(await text('/ok')).toBe('{"ok":true}');
    expect(api.counts()).toMatchObject({ accepted: 21, requests: 21, unused: 0, open: 1 });
  });

  it('a request waiting in the pool for the connection of an aborted one is sent on a new connection', async () => {
    agent = createApiAgent({ connections: 1, connectTimeoutMs: 1000 });
    const controller = new AbortController();
    const held = get('/hold', controller.signal).catch((error: Error) => error.name);
    await api.until((c) => c.held === 1);
    const waiting = text('/ok'); // queued in the pool: its one connection is busy
    controller.abort();
    expect(await held).toBe('AbortError');
    expect(await waiting).toBe('{"ok":true}');
    expect(api.counts()).toMatchObject({ accepted: 2, requests: 2, unused: 0 });
  });

  it('a request sent as another is aborted, and one after the API closed a connection, are answered', async () => {
    agent = createApiAgent({ connections: null, connectTimeoutMs: 1000 });
    const controller = new AbortController();
    const held = get('/hold', controller.signal).catch((error: Error) => error.name);
    await api.until((c) => c.held === 1);
    controller.abort();
    const next = text('/ok');
    expect(await held).toBe('AbortError');
    expect(await next).toBe('{"ok":true}');
    expect(await text('/close')).toBe('{"ok":true}');
    expect(await text('/ok')).toBe('{"ok":true}');
    expect(api.counts()).toMatchObject({ requests: 4, unused: 0 });
  });
});
