// The example API's own behaviour that the README relies on, and its start by the entry point.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEntry } from '../test/support/entry';
import { startExampleApi, type RunningExampleApi } from './index';
import type { RefusalLogger } from './app';

let api: RunningExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(() => api.close());

const get = async (path: string, token = 'demo-manager-token') => {
  const response = await fetch(`${api.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('GET /customers/:id/invoices', () => {
  it("lists a customer's invoices in the caller's tenant, filtered by status and limited", async () => {
    expect(await get('/customers/c-42/invoices?status=unpaid')).toEqual({
      status: 200,
      body: [
        { id: 'inv-1', amount: 50, dueDate: '2026-12-01' },
        { id: 'inv-3', amount: 120.4, dueDate: '2026-12-20' },
      ],
    });
    expect((await get('/customers/c-42/invoices?limit=1')).body).toHaveLength(1);
    expect((await get('/customers/c-9/invoices')).body).toEqual([]); // globex's customer, not in acme
  });

  it('answers 401 to an unknown token', async () => {
    expect((await get('/customers/c-42/invoices', 'nope')).status).toBe(401);
  });
});

describe('why the API refused a request, in its log', () => {
  const lines: Array<Record<string, unknown>> = [];
  const logger: RefusalLogger = { info: (fields, msg) => lines.push({ ...fields, msg }) };
  let logged: RunningExampleApi;
  beforeAll(async () => {
    logged = await startExampleApi({ logger });
  });
  afterAll(() => logged.close());

  const refusal = async (headers: Record<string, string>, path = '/users/me') => {
    lines.length = 0;
    const response = await fetch(`${logged.url}${path}`, { headers });
    expect(lines).toHaveLength(1);
    return { status: response.status, line: lines[0] };
  };

  it('names each 401 reason (missing, malformed, unknown, a JWT it cannot check) and a 403 tenant, never the token', async () => {
    const jwtLike = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXNlY3JldA';
    const cases: Array<[Record<string, string>, number, string]> = [
      [{}, 401, 'missing: no Authorization header'],
      [{ authorization: 'Bearer' }, 401, 'malformed: not "Bearer <token>"'],
      [{ authorization: 'Basic dXNlcjpzZWNyZXQtcGFzc3dvcmQ=' }, 401, 'malformed: the Basic scheme, not "Bearer <token>"'],
      [{ authorization: 'Bearer not-a-demo-secret-token' }, 401, 'unknown token: not one of the demo tokens (README) nor a token of the authorization server'],
      [{ authorization: `Bearer ${jwtLike}` }, 401, expect.stringMatching(/^unknown token: a JWT, but this API was started without an authorization server/) as unknown as string],
      [{ authorization: 'Bearer demo-viewer-token', 'x-tenant-id': 'globex' }, 403, 'user u-200 is not a member of tenant globex'],
    ];
    for (const [headers, status, reason] of cases) {
      const seen = await refusal({ ...headers, 'x-request-id': 'req-7' });
      expect(seen).toEqual({ status, line: { msg: 'example API refused a request', status, reason, method: 'GET', path: '/users/me', requestId: 'req-7' } });
      for (const secret of ['dXNlcjpzZWNyZXQtcGFzc3dvcmQ', 'not-a-demo-secret-token', 'c2lnbmF0dXJlLXNlY3JldA', 'demo-viewer-token']) expect(JSON.stringify(seen.line)).not.toContain(secret);
    }
    // A path under a tenant, with a query: the path only.
    expect((await refusal({}, '/t/acme/orders/1001?customer=secret-name')).line).toMatchObject({ path: '/t/acme/orders/1001' });
  });
});

describe('the entry point without CUSTOMER_API_URL', () => {
  it('starts the bundled example API in development and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'example-entry-'));
    const entry = startEntry({ cwd: dir, env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development' } });
    try {
      await entry.waitFor('tool server listening');
      expect(entry.output()).toContain('CUSTOMER_API_URL is not set: started the bundled example customer API');
      // Its refusals are in the tool server's log, with their reason.
      const { customerApiUrl } = JSON.parse(entry.output().split('\n').find((line) => line.includes('started the bundled example customer API')) ?? '{}') as { customerApiUrl: string };
      expect((await fetch(`${customerApiUrl}/users/me`, { headers: { authorization: 'Bearer expired-looking-token' } })).status).toBe(401);
      await entry.waitFor('example API refused a request');
      const line = entry.output().split('\n').find((text) => text.includes('example API refused a request')) ?? '';
      expect(JSON.parse(line)).toMatchObject({ component: 'example-api', status: 401, reason: expect.stringMatching(/^unknown token/) });
      expect(line).not.toContain('expired-looking-token');
    } finally {
      entry.stop();
      await once(entry.child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
