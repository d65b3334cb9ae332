// The test helpers tool authors use: a fake API on loopback, and a tool server pointed at it.
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { startFakeApi, startToolServer, type FakeApi, type TestServer } from '../../src/tools/testing';

describe('startFakeApi', () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi({
      'GET /things/:id': ({ params }) => ({ body: { id: params.id } }),
      'POST /things': ({ body }) => ({ status: 201, body }),
      'DELETE /things/:id': () => ({ status: 204 }),
      'GET /boom': () => {
        throw new Error('route failed');
      },
    });
  });
  afterAll(() => api.close());

  it('answers from its routes with decoded params, and records each request', async () => {
    const response = await fetch(`${api.url}/things/a%20b?x=1`, { headers: { authorization: 'Bearer t' } });
    expect(await response.json()).toEqual({ id: 'a b' });
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: '/things/a%20b', params: { id: 'a b' }, query: { x: '1' }, headers: { authorization: 'Bearer t' } });
  });

  it('parses JSON bodies and sends the status asked for; no body means an empty answer', async () => {
    const created = await fetch(`${api.url}/things`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' });
    expect([created.status, await created.json()]).toEqual([201, { n: 1 }]);
    const deleted = await fetch(`${api.url}/things/1`, { method: 'DELETE' });
    expect([deleted.status, await deleted.text()]).toEqual([204, '']);
  });

  it('answers 404 for an unmatched route and 500 when a route throws', async () => {
    expect((await fetch(`${api.url}/nothing`)).status).toBe(404);
    expect((await fetch(`${api.url}/things/1`, { method: 'PUT' })).status).toBe(404);
    expect((await fetch(`${api.url}/boom`)).status).toBe(500);
  });

  it('refuses a route key that is not "METHOD /path"', async () => {
    await expect(startFakeApi({ '/things': () => ({}) })).rejects.toThrow(TypeError);
  });
});

describe('startToolServer', () => {
  const echo = defineTool({
    name: 'echo_thing',
    description: 'Reads one thing.',
    input: { id: z.string().describe('The id.') },
    handler: async ({ id }, ctx) => JSON.stringify(await ctx.api.get('/things/:id', { params: { id } })),
  });
  let api: FakeApi;
  let server: TestServer;
  beforeAll(async () => {
    api = await startFakeApi({ 'GET /things/:id': ({ params }) => (params.id === 'down' ? { status: 502 } : { body: { id: params.id } }) });
    server = await startToolServer({ tools: [echo], apiUrl: api.url, env: { CUSTOMER_API_NAME: 'the things service' } });
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it('calls a tool with the headers given, which reach the API', async () => {
    expect(await server.call('echo_thing', { id: '7' }, { authorization: 'Bearer t' })).toMatchObject({ text: '{"id":"7"}', isError: false });
    expect(api.requests.at(-1)?.headers.authorization).toBe('Bearer t');
  });

  it('applies settings from env, e.g. the API name in error sentences', async () => {
    expect((await server.call('echo_thing', { id: 'down' })).text).toBe('The things service returned an error (HTTP 502). Please try again in a moment.');
  });

  it('keeps the log lines, one per call', async () => {
    expect(server.logs().filter((line) => line.tool === 'echo_thing').length).toBeGreaterThanOrEqual(2);
  });

  it('an unknown tool is a JSON-RPC error, thrown', async () => {
    await expect(server.call('nope')).rejects.toThrow(/JSON-RPC error/);
  });
});
