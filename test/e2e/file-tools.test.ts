// End to end: hub emulator → tool server (SSE) → example API and back to the hub's file endpoints.
import type { IncomingHttpHeaders } from 'node:http';
import { createHubClient, type HubClient } from '../../src/hub';
import { startEmulator, TEST_KEYS, type StartedEmulator } from '../hub-emulator/start-emulator';
import { callTool, postDirect } from '../support/sse-client';
import { MANAGER, startStack, type Stack } from '../support/stack';
import { until } from '../support/wait';

describe('file tools through the hub emulator', () => {
  let hub: StartedEmulator;
  let stack: Stack;
  let backend: HubClient;
  const hubRequests: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    hub = await startEmulator({ defaultTenantId: 'acme' });
    hub.server.on('request', (req) => hubRequests.push(req.headers));
    stack = await startStack({
      env: { HUB_URL: hub.url, HUB_FILES_READ_KEY: TEST_KEYS.filesRead, HUB_FILES_WRITE_KEY: TEST_KEYS.filesWrite },
    });
    backend = createHubClient({ baseUrl: hub.url, keys: { embed: TEST_KEYS.embed } });
    // The company's backend binds the signed-in user after its own sign-in.
    await backend.bind({
      wsId: 'ws-manager',
      identity: { userId: 'u-100', username: 'manager', role: { name: 'manager' } },
      authArtifacts: { headers: { Authorization: 'Bearer demo-manager-token' }, cookies: 'sid=s3cr3t-cookie' },
    });
  });
  afterAll(async () => {
    await backend.close();
    await stack.close();
    await hub.close();
  });

  const call = (tool: string, args: Record<string, unknown> = {}) => hub.emulator.tools.call('ws-manager', stack.url, tool, args);
  const text = (result: { content: unknown[] }) => (result.content[0] as { text: string }).text;

  it('bind → save_orders_csv uploads to the user library → read_library_file fetches it back', async () => {
    const saved = await call('save_orders_csv', { customer: 'northwind', filename: 'northwind.csv' });
    expect(saved.isError).toBeFalsy();
    expect(text(saved)).toBe('Saved 2 order(s) to your library as "northwind.csv".');
    const stored = hub.emulator.libraries.get('u-100', 'northwind.csv');
    expect(stored?.content.toString()).toMatch(/^id,customer,status,total,created_at\r\n1001,Northwind Traders,open,50\.00,/);

    const read = await call('read_library_file', { name: 'northwind.csv' });
    expect(read.isError).toBeFalsy();
    expect(text(read)).toContain('1003,Northwind Traders,cancelled,32.00');
  });

  it('a missing file gives an isError saying there is no file by that name', async () => {
    const result = await call('read_library_file', { name: 'nope.txt' });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe('There is no file named "nope.txt" in your library. Check the exact name (it is case-sensitive) and try again.');
  });

  it("sends the hub only the scoped key and the session id, never the user's token or cookie", async () => {
    hubRequests.length = 0;
    await call('read_library_file', { name: 'northwind.csv' });
    const fileCalls = hubRequests.filter((headers) => headers['x-session-id'] !== undefined);
    expect(fileCalls.length).toBeGreaterThan(0);
    for (const headers of fileCalls) {
      expect(headers['x-api-key']).toBe(TEST_KEYS.filesRead);
      expect(headers.authorization).toBeUndefined();
      expect(headers.cookie).toBeUndefined();
      expect(JSON.stringify(headers)).not.toContain('demo-manager-token');
    }
  });

  it('a call without X-Session-Id never reaches the hub and gets a clear isError', async () => {
    hubRequests.length = 0;
    const { json } = await postDirect(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('read_library_file', { name: 'northwind.csv' }) }, MANAGER);
    expect(json?.result?.isError).toBe(true);
    expect(json?.result?.content?.[0]?.text).toContain('no session id');
    expect(hubRequests).toHaveLength(0);
  });

  it('invalidate ends the binding: further calls for it fail', async () => {
    await backend.bind({ wsId: 'ws-temp', identity: { userId: 'u-200' }, authArtifacts: { headers: { Authorization: 'Bearer demo-viewer-token' } } });
    const before = await hub.emulator.tools.call('ws-temp', stack.url, 'whoami', {});
    expect(text(before)).toContain('Demo Viewer');
    await until(() => stack.server.sessions.size >= 2);
    await backend.invalidate({ wsId: 'ws-temp' });
    await expect(hub.emulator.tools.call('ws-temp', stack.url, 'whoami', {})).rejects.toThrow();
    await until(() => stack.server.sessions.size === 1);
  });
});

describe('file tools without the hub configured', () => {
  it('answer with an isError saying what is not configured', async () => {
    const stack = await startStack();
    try {
      const { json } = await postDirect(
        stack.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('read_library_file', { name: 'a.txt' }) },
        { ...MANAGER, 'x-session-id': 'sess-1' },
      );
      expect(json?.result?.isError).toBe(true);
      expect(json?.result?.content?.[0]?.text).toContain('HUB_URL');
    } finally {
      await stack.close();
    }
  });

  it('with a hub but no write key, saving names the missing setting', async () => {
    const hub = await startEmulator();
    const stack = await startStack({ env: { HUB_URL: hub.url, HUB_FILES_READ_KEY: TEST_KEYS.filesRead } });
    try {
      const { json } = await postDirect(
        stack.url,
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('save_orders_csv', {}) },
        { ...MANAGER, 'x-session-id': 'sess-1' },
      );
      expect(json?.result?.isError).toBe(true);
      expect(json?.result?.content?.[0]?.text).toContain('HUB_FILES_WRITE_KEY');
    } finally {
      await stack.close();
      await hub.close();
    }
  });
});

describe('hub keys in logs', () => {
  it('never appear, at trace level, on success or when the hub refuses a key', async () => {
    const hub = await startEmulator();
    const unknownKey = 'svc_ak_unknown_but_real_looking_3f9a7c1e';
    const good = await startStack({
      env: { LOG_LEVEL: 'trace', HUB_URL: hub.url, HUB_FILES_READ_KEY: TEST_KEYS.filesRead, HUB_FILES_WRITE_KEY: TEST_KEYS.filesWrite },
    });
    const refused = await startStack({ env: { LOG_LEVEL: 'trace', HUB_URL: hub.url, HUB_FILES_READ_KEY: unknownKey } });
    try {
      const { sessionId } = hub.emulator.bindings.bind('ws-log', { userId: 'u-100' }, { headers: MANAGER });
      const headers = { ...MANAGER, 'x-session-id': sessionId };
      const save = await postDirect(good.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: callTool('save_orders_csv', {}) }, headers);
      expect(save.json?.result?.content?.[0]?.text).toMatch(/^Saved \d+ order/);
      const read = await postDirect(refused.url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: callTool('read_library_file', { name: 'a.txt' }) }, headers);
      expect(read.json?.result?.content?.[0]?.text).toContain('key was not accepted');
      const text = good.logText() + refused.logText();
      expect(text).toContain('HUB_FILES_READ_KEY'); // the refusal is logged, naming the setting
      for (const key of [TEST_KEYS.filesRead, TEST_KEYS.filesWrite, unknownKey]) expect(text).not.toContain(key);
    } finally {
      await good.close();
      await refused.close();
      await hub.close();
    }
  });
});
