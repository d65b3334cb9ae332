import { createServer, type RequestListener } from 'node:http';
import { listen, type Listening } from '../../src/http/listen';
import { startExampleApi, type RunningExampleApi } from '../fixtures/orders-api';
import { failureResult } from '../../src/tools/results';
import { createUpstream, type ApiClient, type Upstream } from '../../src/upstream/api-client';
import {
  InvalidUpstreamRequestError,
  UpstreamHttpError,
  UpstreamNetworkError,
  UpstreamResponseError,
  UpstreamTimeoutError,
} from '../../src/upstream/errors';

/** A raw upstream for the answers the example API never gives. */
const rawServer = (handler: RequestListener): Promise<Listening> => listen(createServer(handler));

const scope = (headers: Record<string, string> = { authorization: 'Bearer demo-manager-token' }) => ({
  headers,
  tenantId: undefined,
  signal: new AbortController().signal,
});

describe('customer API client against the example API', () => {
  let api: RunningExampleApi;
  let upstream: Upstream;
  let client: ApiClient;
  beforeAll(async () => {
    api = await startExampleApi();
    upstream = createUpstream({ baseUrl: `${api.url}/` });
    client = upstream.forCall(scope());
  });
  afterAll(async () => {
    await upstream.close();
    await api.close();
  });

  it('GET returns parsed JSON and reports the status', async () => {
    const statuses: number[] = [];
    const order = await upstream.forCall({ ...scope(), onStatus: (s) => statuses.push(s) }).get<{ id: string }>('/orders/:id', { params: { id: '1001' } });
    expect(order.id).toBe('1001');
    expect(statuses).toEqual([200]);
  });

  it('POST sends a JSON body', async () => {
    const created = await client.post<{ id: string; total: number }>('/orders', { customer: 'ACME', lines: [{ sku: 'A', quantity: 2, unitPrice: 1.5 }] });
    expect(created.total).toBe(3);
  });

  it('encodes path parameters: a slash or query in an id stays inside its segment', async () => {
    await expect(client.get('/orders/:id', { params: { id: '1001/../../users/me?x=1' } })).rejects.toMatchObject({ status: 404 });
    expect(api.lastHeaders()).toBeDefined();
  });

  it.each([
    [401, 'demo-unknown-token', 'Your session has expired. Please log in again.'],
    [403, 'demo-viewer-token', "You don't have permission to perform this action."],
  ])('HTTP %d becomes an UpstreamHttpError mapped to its sentence', async (status, token, sentence) => {
    const error = await upstream
      .forCall(scope({ authorization: `Bearer ${token}` }))
      .post('/orders', { customer: 'X', lines: [{ sku: 'A', quantity: 1, unitPrice: 1 }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect((error as UpstreamHttpError).status).toBe(status);
    const { result } = failureResult(error);
    expect(result.isError).toBe(true);
    expect(result.content[0]).toEqual({ type: 'text', text: expect.stringContaining(sentence) });
  });

  it.each([500, 502, 503])('HTTP %d becomes an error result naming the API and the status', async (status) => {
    await fetch(`${api.url}/_demo/next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status }) });
    const error = await client.get('/orders').catch((e: unknown) => e);
    const { result } = failureResult(error);
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: `The company's system returned an error (HTTP ${status}). Please try again in a moment.` }] });
  });

  it('never copies the upstream body into the result', async () => {
    const error = await upstream.forCall(scope({})).get('/orders').catch((e: unknown) => e);
    const text = JSON.stringify(failureResult(error).result);
    expect(text).not.toContain('Missing or unknown bearer token');
  });

  it.each([
    ['an absolute URL', 'http://evil.example/x'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['a dot-dot segment', '/orders/../admin'],
    ['an encoded dot-dot segment', '/orders/%2e%2e/admin'],
    ['a query in the path', '/orders?x=1'],
  ])('refuses %s before sending', async (_label, path) => {
    await expect(client.get(path)).rejects.toBeInstanceOf(InvalidUpstreamRequestError);
  });

  it.each(['..', '.', ''])('refuses the path parameter %p', async (id) => {
    const error = await client.get('/orders/:id', { params: { id } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidUpstreamRequestError);
    expect(failureResult(error).result.content[0]).toEqual({ type: 'text', text: expect.stringContaining('not valid') });
  });
});

describe('customer API client failure modes', () => {
  it('a time-out becomes UpstreamTimeoutError and an error result', async () => {
    const slow = await rawServer(() => undefined);
    const upstream = createUpstream({ baseUrl: slow.url, timeoutMs: 200 });
    try {
      const error = await upstream.forCall(scope()).get('/orders').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamTimeoutError);
      expect(failureResult(error).result.content[0]).toEqual({ type: 'text', text: expect.stringMatching(/timeout error/) });
    } finally {
      await upstream.close();
      await slow.close();
    }
  });

  it('a refused connection becomes UpstreamNetworkError and an error result', async () => {
    const gone = await rawServer(() => undefined);
    const url = gone.url;
    await gone.close();
    const upstream = createUpstream({ baseUrl: url });
    try {
      const error = await upstream.forCall(scope()).get('/orders').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamNetworkError);
      expect(failureResult(error).result.content[0]).toEqual({ type: 'text', text: expect.stringMatching(/connection error/) });
    } finally {
      await upstream.close();
    }
  });

  it('a 2xx that is not JSON becomes UpstreamResponseError(not-json)', async () => {
    const html = await rawServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'));
    const upstream = createUpstream({ baseUrl: html.url });
    try {
      const error = await upstream.forCall(scope()).get('/x').catch((e: unknown) => e);
      expect(error).toMatchObject({ problem: 'not-json' });
      expect(failureResult(error).result.content[0]).toEqual({ type: 'text', text: expect.stringMatching(/error: not JSON/) });
    } finally {
      await upstream.close();
      await html.close();
    }
  });

  it('a body over the cap is refused, declared or streamed', async () => {
    const big = await rawServer((req, res) => {
      const body = JSON.stringify({ pad: 'x'.repeat(4096) });
      if (req.url === '/declared') res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      else res.writeHead(200, { 'content-type': 'application/json' }); // chunked, no length
      res.end(body);
    });
    const upstream = createUpstream({ baseUrl: big.url, maxResponseBytes: 1024 });
    try {
      for (const path of ['/declared', '/streamed']) {
        const error = await upstream.forCall(scope()).get(path).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UpstreamResponseError);
        expect((error as UpstreamResponseError).problem).toBe('too-large');
      }
    } finally {
      await upstream.close();
      await big.close();
    }
  });

  it('an empty 204 resolves to null', async () => {
    const empty = await rawServer((_req, res) => res.writeHead(204).end());
    const upstream = createUpstream({ baseUrl: empty.url });
    try {
      await expect(upstream.forCall(scope()).delete('/orders/1')).resolves.toBeNull();
    } finally {
      await upstream.close();
      await empty.close();
    }
  });
});

describe('path parameters that cannot be encoded', () => {
  it.each(['\uD800', 'abc\uDFFFdef', '\uDC00\uD800'])('%p becomes a validation result naming the field', async (id) => {
    const upstream = createUpstream({ baseUrl: 'http://127.0.0.1:9' });
    try {
      const error = await upstream.forCall(scope()).get('/orders/:orderId', { params: { orderId: id } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidUpstreamRequestError);
      const { result, outcome, unexpected } = failureResult(error);
      expect({ outcome, unexpected }).toEqual({ outcome: 'UPSTREAM_REQUEST_INVALID', unexpected: false });
      expect(result.content[0]).toEqual({ type: 'text', text: expect.stringContaining('The value given for orderId contains characters') });
    } finally {
      await upstream.close();
    }
  });
});
