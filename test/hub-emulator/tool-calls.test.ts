import { request } from 'undici';
import { createHubClient, type HubClient } from '../../src/hub';
import { startEmulator, TEST_KEYS, type StartedEmulator } from './start-emulator';
import { startMcpPeer, type McpPeer } from './mcp-peer';

interface ToolResult {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
}

describe('hub emulator: calling tools as a bound user', () => {
  let hub: StartedEmulator;
  let peer: McpPeer;
  let client: HubClient;
  let requestIds: number;

  beforeEach(async () => {
    requestIds = 0;
    hub = await startEmulator({ defaultTenantId: 'tenant-default', newRequestId: () => `req-${(requestIds += 1)}` });
    client = createHubClient({ baseUrl: hub.url, keys: { ...TEST_KEYS } });
    peer = await startMcpPeer(client);
  });
  afterEach(async () => {
    await hub.close();
    await peer.close();
    await client.close();
  });

  async function call(wsId: string, tool: string, args: Record<string, unknown> = {}): Promise<{ status: number; body: unknown }> {
    const res = await request(`${hub.url}/emulator/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wsId, tool, arguments: args, toolServerUrl: peer.url }),
    });
    return { status: res.statusCode, body: await res.body.json() };
  }

  async function echoedHeaders(wsId: string): Promise<Record<string, string>> {
    const { status, body } = await call(wsId, 'echo_headers');
    expect(status).toBe(200);
    return JSON.parse((body as ToolResult).content[0]?.text ?? '{}') as Record<string, string>;
  }

  it('a tool call carries the contract headers: Authorization, X-User-Auth-Authorization, user, tenant, request, session, cookie and custom headers', async () => {
    await client.bind({
      wsId: 'ws-1',
      identity: { userId: 'u-42', username: 'ada', role: { name: 'agent' } },
      authArtifacts: { headers: { Authorization: 'Bearer token-1', 'X-Client-Id': 'crm-web' }, cookies: 'sid=abc; theme=dark' },
    });
    const headers = await echoedHeaders('ws-1');
    expect(headers).toMatchObject({
      authorization: 'Bearer token-1',
      'x-user-auth-authorization': 'Bearer token-1',
      'x-user-id': 'u-42',
      'x-tenant-id': 'tenant-default',
      'x-session-id': hub.emulator.bindings.get('ws-1')?.sessionId,
      cookie: 'sid=abc; theme=dark',
      'x-client-id': 'crm-web',
    });
    expect(headers['x-request-id']).toMatch(/^req-\d+$/);
  });

  it('each call gets a fresh X-Request-Id and the same X-Session-Id', async () => {
    await client.bind({ wsId: 'ws-1', identity: { userId: 'u-1' }, authArtifacts: { headers: { Authorization: 'Bearer t' } } });
    const first = await echoedHeaders('ws-1');
    const second = await echoedHeaders('ws-1');
    expect(second['x-request-id']).not.toBe(first['x-request-id']);
    expect(second['x-session-id']).toBe(first['x-session-id']);
  });

  it('a re-bind with a refreshed token is used on the very next call, on the same stream', async () => {
    await client.bind({ wsId: 'ws-1', identity: { userId: 'u-1' }, authArtifacts: { headers: { Authorization: 'Bearer old-token' } } });
    expect((await echoedHeaders('ws-1'))['authorization']).toBe('Bearer old-token');
    await client.bind({ wsId: 'ws-1', identity: { userId: 'u-1' }, authArtifacts: { headers: { Authorization: 'Bearer new-token' } } });
    const headers = await echoedHeaders('ws-1');
    expect(headers['authorization']).toBe('Bearer new-token');
    expect(headers['x-user-auth-authorization']).toBe('Bearer new-token');
    expect(peer.streams).toHaveLength(1);
  });

  it('the tenant comes from the identity when it carries one; an anonymous binding sends no X-User-Id', async () => {
    // tenantId on the identity is an emulator extension, so this binding is made in-process
    hub.emulator.bindings.bind('ws-t', { userId: 'u-1', tenantId: 'acme' }, { headers: {} });
    expect((await echoedHeaders('ws-t'))['x-tenant-id']).toBe('acme');
    await client.bind({ wsId: 'ws-anon', authArtifacts: { headers: { Authorization: 'Bearer a' } } });
    const anon = await echoedHeaders('ws-anon');
    expect(anon['x-user-id']).toBeUndefined();
    expect(anon['authorization']).toBe('Bearer a');
  });

  it('bind, call, upload and fetch back: the session id the tool server got resolves to the user library', async () => {
    await client.bind({ wsId: 'ws-1', identity: { userId: 'u-7' }, authArtifacts: { headers: { Authorization: 'Bearer t' } } });
    const { status, body } = await call('ws-1', 'save_note', { name: 'note.txt', text: 'remember the milk' });
    expect(status).toBe(200);
    expect((body as ToolResult).content[0]?.text).toBe('saved note.txt: remember the milk');
    expect(hub.emulator.libraries.get('u-7', 'note.txt')?.content.toString()).toBe('remember the milk');
  });

  it('GET /emulator/tools lists the tool server tools for a binding', async () => {
    await client.bind({ wsId: 'ws-1', authArtifacts: { headers: {} } });
    const res = await request(`${hub.url}/emulator/tools?wsId=ws-1&toolServerUrl=${encodeURIComponent(peer.url)}`);
    const body = (await res.body.json()) as { tools: Array<{ name: string }> };
    expect(body.tools.map((t) => t.name).sort()).toEqual(['echo_headers', 'save_note']);
  });

  it('invalidate closes the binding stream to the tool server and further calls for it answer 404', async () => {
    await client.bind({ wsId: 'ws-1', identity: { userId: 'u-1' }, authArtifacts: { headers: { Authorization: 'Bearer t' } } });
    await client.bind({ wsId: 'ws-2', identity: { userId: 'u-2' }, authArtifacts: { headers: { Authorization: 'Bearer t2' } } });
    await echoedHeaders('ws-1');
    await echoedHeaders('ws-2');
    expect(peer.openStreams()).toBe(2);

    const closed = peer.nextStreamClose();
    await client.invalidate({ wsId: 'ws-1' });
    await closed;
    expect(peer.openStreams()).toBe(1);

    expect(await call('ws-1', 'echo_headers')).toEqual({ status: 404, body: { error: { code: 'binding_not_found', message: expect.any(String) } } });
    expect((await echoedHeaders('ws-2'))['x-user-id']).toBe('u-2');
  });

  it('a call for a wsId never bound answers 404 and opens no stream', async () => {
    expect((await call('ws-none', 'echo_headers')).status).toBe(404);
    expect(peer.streams).toHaveLength(0);
  });

  it('a call with no tool server configured or given answers 400', async () => {
    await client.bind({ wsId: 'ws-1', authArtifacts: { headers: {} } });
    const res = await request(`${hub.url}/emulator/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wsId: 'ws-1', tool: 'echo_headers' }),
    });
    expect(res.statusCode).toBe(400);
    expect(await res.body.json()).toMatchObject({ error: { code: 'no_tool_server' } });
  });
});
