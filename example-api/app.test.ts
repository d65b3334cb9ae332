// The example API's own behaviour that the README relies on, and its start by the entry point.
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEntry } from '../test/support/entry';
import { startExampleApi, type RunningExampleApi } from './index';

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

describe('the entry point without CUSTOMER_API_URL', () => {
  it('starts the bundled example API in development and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'example-entry-'));
    const entry = startEntry({ cwd: dir, env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development' } });
    try {
      await entry.waitFor('tool server listening');
      expect(entry.output()).toContain('CUSTOMER_API_URL is not set: started the bundled example customer API');
    } finally {
      entry.stop();
      await once(entry.child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
