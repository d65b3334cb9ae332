// A 4xx body is read within a size cap and the request's deadline: a huge body (declared or
// streamed) or one that never ends leaves the error without a reason, in time, instead of being buffered
// or waited for; the connection of a small error body is reused.
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { failureResult } from '../../src/tools/results';
import { createUpstream } from '../../src/upstream/api-client';
import { MAX_ERROR_BODY_BYTES } from '../../src/upstream/error-body';
import { UpstreamHttpError } from '../../src/upstream/errors';

const scope = () => ({ headers: {}, tenantId: undefined, signal: new AbortController().signal });
const rawServer = (handler: RequestListener): Promise<Listening> => listen(createServer(handler));

describe('the body of a refused request', () => {
  const held: ServerResponse[] = [];
  let connections = 0;
  let api: Listening;
  beforeAll(async () => {
    api = await rawServer((req, res) => {
      const big = JSON.stringify({ message: 'x'.repeat(MAX_ERROR_BODY_BYTES * 64) }); // 1 MiB
      if (req.url === '/declared') res.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) }).end(big);
      else if (req.url === '/streamed') res.writeHead(400, { 'content-type': 'application/json' }).end(big);
      else if (req.url === '/never-ends') {
        res.writeHead(400, { 'content-type': 'application/json' }).write('{"message":"cut');
        held.push(res);
      } else if (req.url === '/small-declared') res.writeHead(400, { 'content-type': 'application/json', 'content-length': '19' }).end('{"message":"small"}');
      else res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"small"}');
    });
    api.server.on('connection', () => (connections += 1));
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await api.close();
  });

  it.each(['/declared', '/streamed'])('%s over the cap: no reason, the status sentence', async (path) => {
    const upstream = createUpstream({ baseUrl: api.url });
    try {
      const error = await upstream.forCall(scope()).get(path).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamHttpError);
      expect(error).toMatchObject({ status: 400, reason: undefined, body: undefined });
      expect(failureResult(error).result.content[0]).toEqual({ type: 'text', text: "The company's system returned an error (HTTP 400). Please check the request and try again." });
    } finally {
      await upstream.close();
    }
  });

  it('a body that never ends: the status error at the deadline, without a reason', async () => {
    const upstream = createUpstream({ baseUrl: api.url, timeoutMs: 300 });
    try {
      // The body never ends: only the deadline can end this wait (a hang fails the test by its own time-out).
      const error = await upstream.forCall(scope()).get('/never-ends').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamHttpError);
      expect(error).toMatchObject({ status: 400, reason: undefined });
    } finally {
      await upstream.close();
    }
  });

  /** Connections the API accepted for six calls of `path` in a row, on a fresh pool. */
  const connectionsFor = async (path: string) => {
    const upstream = createUpstream({ baseUrl: api.url });
    try {
      const before = connections;
      for (let i = 0; i < 6; i += 1) {
        const outcome = await upstream.forCall(scope()).get(path).catch((e: unknown) => e);
        if (path !== '/ok') expect(outcome).toMatchObject({ status: 400, reason: { text: 'small' }, body: { message: 'small' } });
      }
      return connections - before;
    } finally {
      await upstream.close();
    }
  };

  it.each(['/small', '/small-declared'])('%s is read whole, and its connection reused as for a 2xx', async (path) => {
    const ok = await connectionsFor('/ok');
    expect(ok).toBeLessThan(6);
    expect(await connectionsFor(path)).toBe(ok);
  });
});
