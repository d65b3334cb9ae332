import { createServer } from 'node:http';
import request from 'supertest';
import { startStack, type Stack } from '../support/stack';

describe('GET /health', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(() => stack.close());

  it('all dependencies up → 200 healthy', async () => {
    const res = await request(stack.url).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'healthy' });
  });

  it('?simulate=unhealthy → 503 naming the database, and changes no state', async () => {
    const res = await request(stack.url).get('/health?simulate=unhealthy');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unhealthy', error: expect.stringMatching(/^database: .*\(simulated\)$/) });
    expect((await request(stack.url).get('/health')).status).toBe(200);
  });

  it('?simulate with another value → 400 JSON', async () => {
    const res = await request(stack.url).get('/health?simulate=sideways');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_simulate');
  });

  it('HEAD → 200 with no body; any other method → 405 with Allow, in JSON', async () => {
    const head = await request(stack.url).head('/health');
    expect(head.status).toBe(200);
    expect(head.text).toBeUndefined();
    for (const method of ['post', 'put', 'delete', 'patch'] as const) {
      const res = await request(stack.url)[method]('/health');
      expect({ status: res.status, allow: res.headers.allow, type: res.headers['content-type'], body: res.body }).toEqual({
        status: 405,
        allow: 'GET, HEAD',
        type: expect.stringMatching(/^application\/json/),
        body: { error: 'method_not_allowed', message: 'The health report is read with GET.' },
      });
    }
  });

  it('customer API down → 503 naming it', async () => {
    await stack.api.close();
    const res = await request(stack.url).get('/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unhealthy', error: expect.stringMatching(/^customer-api: unreachable/) });
  });
});

describe('GET /health with HEALTH_SIMULATION=off', () => {
  it('refuses to simulate', async () => {
    const stack = await startStack({ env: { HEALTH_SIMULATION: 'off' } });
    try {
      const res = await request(stack.url).get('/health?simulate=unhealthy');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('simulation_disabled');
    } finally {
      await stack.close();
    }
  });
});

describe('GET /health with a customer API that refuses requests without a User-Agent', () => {
  it('probes with the User-Agent tool requests send, and reports healthy', async () => {
    const seen: (string | undefined)[] = [];
    const api = createServer((req, res) => {
      seen.push(req.headers['user-agent']);
      res.writeHead(req.headers['user-agent'] ? 404 : 403, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const port = (api.address() as { port: number }).port;
    const stack = await startStack({ env: { UPSTREAM_USER_AGENT: 'acme-tools/1.0' }, customerApiUrl: () => `http://127.0.0.1:${port}` });
    try {
      const res = await request(stack.url).get('/health');
      expect(res.status).toBe(200);
      expect(seen).toEqual(['acme-tools/1.0']);
    } finally {
      await stack.close();
      api.closeAllConnections();
      api.close();
    }
  });
});

describe('GET /health with a customer API that does not answer', () => {
  it('reports unhealthy within HEALTH_TIMEOUT_MS', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const stack = await startStack({ env: { HEALTH_TIMEOUT_MS: '200' }, customerApiUrl: () => `http://127.0.0.1:${port}` });
    try {
      const res = await request(stack.url).get('/health');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/^customer-api: no answer/);
    } finally {
      await stack.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});
