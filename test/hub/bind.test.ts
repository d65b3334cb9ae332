import { createHubClient, HubKeyError, HubNotConfiguredError, type HubClient } from '../../src/hub';
import { startEmulator, TEST_KEYS, type StartedEmulator } from '../hub-emulator/start-emulator';

describe('hub client: bind and invalidate', () => {
  let hub: StartedEmulator;
  let client: HubClient;

  beforeEach(async () => {
    hub = await startEmulator();
    client = createHubClient({ baseUrl: hub.url, keys: { embed: TEST_KEYS.embed } });
  });
  afterEach(async () => {
    await client.close();
    await hub.close();
  });

  const artifacts = { headers: { Authorization: 'Bearer token-1' }, cookies: 'sid=abc' };

  it('bind with the embed key answers ok and the emulator holds the identity and artifacts', async () => {
    const answer = await client.bind({ wsId: 'ws-1', identity: { userId: 'u-1', username: 'ada', role: { name: 'agent' } }, authArtifacts: artifacts });
    expect(answer).toEqual({ ok: true });
    const binding = hub.emulator.bindings.get('ws-1');
    expect(binding?.identity?.userId).toBe('u-1');
    expect(binding?.authArtifacts).toEqual(artifacts);
  });

  it('an anonymous bind (no identity) is accepted', async () => {
    await expect(client.bind({ wsId: 'ws-anon', authArtifacts: { headers: {} } })).resolves.toEqual({ ok: true });
    expect(hub.emulator.bindings.get('ws-anon')?.identity).toBeUndefined();
  });

  it('bind with a wrong embed key throws HubKeyError naming HUB_EMBED_KEY but not the key', async () => {
    const wrong = createHubClient({ baseUrl: hub.url, keys: { embed: 'emb_wrong_secret' } });
    const err: unknown = await wrong.bind({ wsId: 'ws-1', authArtifacts: artifacts }).catch((e: unknown) => e);
    await wrong.close();
    expect(err).toBeInstanceOf(HubKeyError);
    expect(err).toMatchObject({ code: 'HUB_KEY_REJECTED', status: 401 });
    expect(String((err as Error).message)).toContain('POST /api/auth/bind');
    expect(String((err as Error).message)).toContain('HUB_EMBED_KEY');
    expect(String((err as Error).message)).not.toContain('emb_wrong_secret');
  });

  it('bind with a scoped key in place of the embed key is rejected with 401', async () => {
    const scoped = createHubClient({ baseUrl: hub.url, keys: { embed: TEST_KEYS.knowledge } });
    await expect(scoped.bind({ wsId: 'ws-1', authArtifacts: artifacts })).rejects.toBeInstanceOf(HubKeyError);
    await scoped.close();
  });

  it('bind without an embed key configured throws HubNotConfiguredError before sending', async () => {
    const unconfigured = createHubClient({ baseUrl: hub.url, keys: {} });
    const err: unknown = await unconfigured.bind({ wsId: 'ws-1', authArtifacts: artifacts }).catch((e: unknown) => e);
    await unconfigured.close();
    expect(err).toBeInstanceOf(HubNotConfiguredError);
    expect((err as Error).message).toContain('HUB_EMBED_KEY');
    expect(hub.requests()).toBe(0);
  });

  it('a re-bind of the same connection keeps its session id and takes the new artifacts', async () => {
    await client.bind({ wsId: 'ws-1', identity: { userId: 'u-1' }, authArtifacts: artifacts });
    const first = hub.emulator.bindings.get('ws-1')?.sessionId;
    await client.bind({ wsId: 'ws-1', identity: { userId: 'u-1' }, authArtifacts: { headers: { Authorization: 'Bearer token-2' } } });
    expect(hub.emulator.bindings.get('ws-1')?.sessionId).toBe(first);
    expect(hub.emulator.bindings.get('ws-1')?.authArtifacts.headers['Authorization']).toBe('Bearer token-2');
  });

  it('invalidate by wsId drops that binding and its session id', async () => {
    await client.bind({ wsId: 'ws-1', identity: { userId: 'u-1' }, authArtifacts: artifacts });
    const sessionId = hub.emulator.bindings.get('ws-1')?.sessionId ?? '';
    await expect(client.invalidate({ wsId: 'ws-1' })).resolves.toEqual({ ok: true, invalidated: ['ws-1'] });
    expect(hub.emulator.bindings.get('ws-1')).toBeUndefined();
    expect(hub.emulator.bindings.bySessionId(sessionId)).toBeUndefined();
  });

  it('invalidate by userId drops every binding of that user and leaves others', async () => {
    await client.bind({ wsId: 'ws-a', identity: { userId: 'u-1' }, authArtifacts: artifacts });
    await client.bind({ wsId: 'ws-b', identity: { userId: 'u-1' }, authArtifacts: artifacts });
    await client.bind({ wsId: 'ws-c', identity: { userId: 'u-2' }, authArtifacts: artifacts });
    await client.invalidate({ userId: 'u-1' });
    expect(hub.emulator.bindings.list().map((b) => b.wsId)).toEqual(['ws-c']);
  });

  it('invalidate with a wrong embed key throws HubKeyError and keeps the binding', async () => {
    await client.bind({ wsId: 'ws-1', authArtifacts: artifacts });
    const wrong = createHubClient({ baseUrl: hub.url, keys: { embed: 'emb_wrong' } });
    await expect(wrong.invalidate({ wsId: 'ws-1' })).rejects.toBeInstanceOf(HubKeyError);
    await wrong.close();
    expect(hub.emulator.bindings.get('ws-1')).toBeDefined();
  });
});
