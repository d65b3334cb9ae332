import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { tools as exampleTools } from '../fixtures/order-tools';
import { callTool, postDirect, SseClient } from '../support/sse-client';
import { MANAGER, startStack, VIEWER, type Stack } from '../support/stack';

const HUB_HEADERS = {
  authorization: 'Bearer demo-manager-token',
  'x-user-auth-authorization': 'Bearer demo-manager-token',
  'x-user-id': 'u-100',
  'x-tenant-id': 'acme',
  'x-request-id': 'req-123',
  'x-session-id': 'sess-9',
  cookie: 'sid=abc; theme=dark',
  'x-api-key': 'customer-key-1',
  'x-client-id': 'client-7',
  'x-internal-hub-thing': 'do-not-forward',
  'x-forwarded-for': '10.0.0.1',
};

describe('credential pass-through to the customer API', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { FORWARD_HEADERS: 'X-Org-Key' } });
  });
  afterAll(() => stack.close());

  it('forwards exactly the allowlisted headers, unchanged, and nothing else', async () => {
    await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('whoami') }, { ...HUB_HEADERS, 'x-org-key': 'org-1' });
    const seen = stack.api.lastHeaders() ?? {};
    expect(seen.authorization).toBe('Bearer demo-manager-token');
    expect(seen.cookie).toBe('sid=abc; theme=dark');
    expect(seen['x-api-key']).toBe('customer-key-1');
    expect(seen['x-client-id']).toBe('client-7');
    expect(seen['x-org-key']).toBe('org-1');
    expect(seen['x-tenant-id']).toBe('acme');
    expect(seen['x-request-id']).toBe('req-123');
    for (const absent of ['x-user-auth-authorization', 'x-session-id', 'x-user-id', 'x-internal-hub-thing', 'x-forwarded-for']) {
      expect(seen[absent]).toBeUndefined();
    }
  });

  it('uses X-User-Auth-Authorization when Authorization is absent', async () => {
    const { json } = await postDirect(
      stack.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('whoami') },
      { 'x-user-auth-authorization': 'Bearer demo-viewer-token' },
    );
    expect(json?.result?.content?.[0]?.text).toContain('Demo Viewer');
    expect(stack.api.lastHeaders()?.authorization).toBe('Bearer demo-viewer-token');
  });

  it('generates an X-Request-Id when the hub sent none, and logs the same id', async () => {
    await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('whoami') }, MANAGER);
    const sent = stack.api.lastHeaders()?.['x-request-id'];
    expect(sent).toMatch(/^[0-9a-f-]{36}$/);
    expect(stack.logs().some((line) => line.msg === 'tool call' && line.requestId === sent)).toBe(true);
  });

  it('takes credentials from each POST, never from GET /sse: a refreshed token is used on the very next call', async () => {
    const client = await SseClient.open(stack.url, { authorization: 'Bearer demo-manager-token' });
    try {
      // The stream's token is not used: the POST carried none, and the API's 401 says so (not "expired").
      const anonymous = await client.call(1, 'tools/call', callTool('whoami'));
      expect(anonymous.result?.isError).toBe(true);
      expect(anonymous.result?.content?.[0]?.text).toMatch(/^The company's system refused the request \(HTTP 401\) because it carried no credentials/);
      const first = await client.call(2, 'tools/call', callTool('whoami'), VIEWER);
      expect(first.result?.content?.[0]?.text).toContain('Demo Viewer');
      const refreshed = await client.call(3, 'tools/call', callTool('whoami'), MANAGER);
      expect(refreshed.result?.content?.[0]?.text).toContain('Demo Manager');
    } finally {
      client.close();
    }
  });

  it('honours X-Tenant-Id at the customer API', async () => {
    const { json } = await postDirect(
      stack.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('search_orders') },
      { ...MANAGER, 'x-tenant-id': 'globex' },
    );
    expect(json?.result?.content?.[0]?.text).toContain('Initech');
    expect(json?.result?.content?.[0]?.text).not.toContain('Northwind');
  });
});

describe('tenant by address: {tenantId} in CUSTOMER_API_URL', () => {
  let stack: Stack;
  const echoPath = defineTool({
    name: 'echo_tenant',
    description: 'Calls the API under the tenant path.',
    input: { x: z.string().optional() },
    handler: async (_input, ctx) => JSON.stringify(await ctx.api.get('/users/me')),
  });
  beforeAll(async () => {
    stack = await startStack({ tools: [...exampleTools, echoPath], customerApiUrl: (url) => `${url}/t/{tenantId}` });
  });
  afterAll(() => stack.close());

  it('fills the tenant from X-Tenant-Id into the URL path', async () => {
    const { json } = await postDirect(
      stack.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('echo_tenant') },
      { ...MANAGER, 'x-tenant-id': 'globex' },
    );
    expect(JSON.parse(json?.result?.content?.[0]?.text ?? '{}')).toMatchObject({ tenantId: 'globex' });
  });

  it('refuses a tenant that would climb out of the path, before anything is sent', async () => {
    const { json } = await postDirect(
      stack.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('echo_tenant') },
      { ...MANAGER, 'x-tenant-id': '..', 'x-request-id': 'climb-attempt' },
    );
    expect(json?.result?.isError).toBe(true);
    expect(json?.result?.content?.[0]?.text).toMatch(/not valid/);
    expect(stack.api.lastHeaders()?.['x-request-id']).not.toBe('climb-attempt');
  });

  it('a call without X-Tenant-Id gets a clear isError', async () => {
    const { json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('echo_tenant') }, MANAGER);
    expect(json?.result?.isError).toBe(true);
    expect(json?.result?.content?.[0]?.text).toMatch(/organisation/);
  });
});
