import { createServer } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { createUpstream, type Upstream } from '../../src/upstream/api-client';
import { UpstreamHttpError, UpstreamResponseError } from '../../src/upstream/errors';

const scope = (signal = new AbortController().signal) => ({ headers: { authorization: 'Bearer t' }, tenantId: undefined, signal });
const JSON_TEXT = '{ "id": "7",  "note": "kept \\"as is\\"" }';

describe("ctx.api with { as: 'text' }", () => {
  let server: Listening;
  let upstream: Upstream;
  const seen: Array<{ url?: string; accept?: string }> = [];
  beforeAll(async () => {
    server = await listen(
      createServer((req, res) => {
        seen.push({ url: req.url, accept: req.headers.accept });
        if (req.url?.startsWith('/v1/missing')) return void res.writeHead(404).end('{"error":"no"}');
        if (req.url?.startsWith('/v1/csv')) return void res.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n1,2\n');
        if (req.url?.startsWith('/v1/chunked')) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"part":');
          return void res.end('"two"}');
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON_TEXT);
      }),
    );
    // A base URL with a path: requests go to the pool by origin and path.
    upstream = createUpstream({ baseUrl: `${server.url}/v1/` });
  });
  afterAll(async () => {
    await upstream.close();
    await server.close();
  });

  it('returns the body exactly as the API sent it, unparsed', async () => {
    const text = await upstream.forCall(scope()).get('/orders/:id', { params: { id: 'a b' }, as: 'text' });
    expect(text).toBe(JSON_TEXT);
    expect(seen.at(-1)).toEqual({ url: '/v1/orders/a%20b', accept: 'application/json' });
  });

  it('reads a body without a declared length too', async () => {
    await expect(upstream.forCall(scope()).get('/chunked', { as: 'text' })).resolves.toBe('{"part":"two"}');
    await expect(upstream.forCall(scope()).get('/chunked')).resolves.toEqual({ part: 'two' });
  });

  it('does not check the content type: the tool asked for text', async () => {
    await expect(upstream.forCall(scope()).get('/csv', { as: 'text' })).resolves.toBe('a,b\n1,2\n');
    await expect(upstream.forCall(scope()).get('/csv')).rejects.toBeInstanceOf(UpstreamResponseError);
  });

  it('fails on an HTTP error status exactly as the JSON default does (a 404 stays a 404)', async () => {
    const error = await upstream.forCall(scope()).get('/missing', { as: 'text' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect((error as UpstreamHttpError).status).toBe(404);
  });

  it('one call signal aborts each of its requests, and a finished request leaves nothing behind', async () => {
    const controller = new AbortController();
    const api = upstream.forCall(scope(controller.signal));
    await expect(api.get('/orders/1', { as: 'text' })).resolves.toBe(JSON_TEXT);
    await expect(api.get('/orders/2', { as: 'text' })).resolves.toBe(JSON_TEXT);
    controller.abort();
    await expect(api.get('/orders/3', { as: 'text' })).rejects.toThrow();
  });
});
