// Calls waiting on a slow API whose clients leave abort their requests, and open no
// connection the API never asked for. Counted on both sides: the stand-in API's sockets and requests,
// and the server's own pool.
import { connect, type Socket } from 'node:net';
import type { Agent } from 'undici';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer, type ToolServer } from '../../src/server';
import { defineTool } from '../../src/tools';
import { createUpstream, type Upstream } from '../../src/upstream/api-client';
import { UpstreamTimeoutError } from '../../src/upstream/errors';
import { startCountingApi, type CountingApi } from '../support/counting-api';
import { openUnreadStream } from '../support/raw-stream';
import { callTool, postDirect } from '../support/sse-client';

const CLIENTS = 40;

const tools = [
  defineTool({ name: 'hold', description: 'Waits on the API.', input: {}, handler: async (_args, ctx) => JSON.stringify(await ctx.api.get('/hold')) }),
  defineTool({ name: 'ok', description: 'Answers at once.', input: {}, handler: async (_args, ctx) => JSON.stringify(await ctx.api.get('/ok')) }),
];
const holdCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('hold') });

describe('calls cancelled while the API holds them', () => {
  let api: CountingApi;
  let upstream: Upstream;
  let server: ToolServer;
  let url: string;

  beforeEach(async () => {
    api = await startCountingApi();
    // Many clients from one address, with the per-client and per-user limits out of the way.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CUSTOMER_API_URL: api.url, MAX_STREAMS_PER_CLIENT: '1000', USER_MAX_IN_FLIGHT: '0' });
    upstream = createUpstream({ baseUrl: api.url, ...config.upstream }); // the production pool
    server = createToolServer({ config, customerApiUrl: api.url, logger: createLogger({ level: 'silent' }), tools, info: { name: 't', version: '0' }, upstream });
    url = await server.listen(0, '127.0.0.1');
  });
  afterEach(async () => {
    await server.shutdown();
    await api.close();
  });

  /**
   * One more call after the storm, answered: a connection opened during the storm was accepted by the API
   * before this one (the listen backlog is first in, first out), or this call would have used it.
   */
  async function probeAndCount() {
    const answer = await postDirect(url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: callTool('ok') });
    expect(answer.json?.result?.isError).toBeUndefined();
    const counts = api.counts();
    const pool = (upstream.dispatcher as Agent).stats[api.url];
    return { counts, poolConnected: pool?.connected ?? 0 };
  }

  it('SSE streams dropped one after another: the API sees no connection without a request, and the pool keeps none', async () => {
    const streams = await Promise.all(Array.from({ length: CLIENTS }, () => openUnreadStream(url)));
    for (const stream of streams) {
      const response = await fetch(`${url}${stream.endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: holdCall });
      expect(response.status).toBe(202);
    }
    await api.until((c) => c.held === CLIENTS);
    expect(api.counts()).toMatchObject({ accepted: CLIENTS, unused: 0 });

    // One at a time, as a hub's streams go: each abort lands while the pool still holds other connections.
    for (const [index, stream] of streams.entries()) {
      stream.socket.destroy();
      await api.until((c) => c.held === CLIENTS - index - 1);
    }

    const { counts, poolConnected } = await probeAndCount();
    expect(counts).toMatchObject({ accepted: CLIENTS + 1, requests: CLIENTS + 1, unused: 0 });
    // Only the probe's connection is left, on both sides.
    expect(counts.open).toBe(1);
    expect(poolConnected).toBe(1);
  });

  it('/mcp requests dropped all at once: the API sees no connection without a request, and the pool keeps none', async () => {
    const { hostname, port } = new URL(url);
    const sockets: Socket[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const socket = connect({ host: hostname, port: Number(port) });
      socket.on('error', () => undefined);
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nAccept: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(holdCall)}\r\n\r\n${holdCall}`,
      );
      sockets.push(socket);
    }
    await api.until((c) => c.held === CLIENTS);

    for (const socket of sockets) socket.destroy();
    await api.until((c) => c.held === 0);

    const { counts, poolConnected } = await probeAndCount();
    expect(counts).toMatchObject({ accepted: CLIENTS + 1, requests: CLIENTS + 1, unused: 0 });
    expect(counts.open).toBe(1);
    expect(poolConnected).toBe(1);
  });

  it('requests ended by their deadline while the API holds them: no connection without a request either', async () => {
    const timed = createUpstream({ baseUrl: api.url, timeoutMs: 200 });
    try {
      const scope = () => ({ headers: {}, tenantId: undefined, signal: new AbortController().signal });
      const errors = await Promise.all(Array.from({ length: 10 }, () => timed.forCall(scope()).get('/hold').catch((error: unknown) => error)));
      for (const error of errors) expect(error).toBeInstanceOf(UpstreamTimeoutError);
      await api.until((c) => c.held === 0);
      await expect(timed.forCall(scope()).get('/ok')).resolves.toEqual({ ok: true });
      expect(api.counts()).toMatchObject({ accepted: 11, requests: 11, unused: 0 });
    } finally {
      await timed.close();
    }
  });
});
