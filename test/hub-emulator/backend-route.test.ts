// The README's auth-binding example: a backend that binds after its own sign-in and invalidates on sign-out.
import { createServer } from 'node:http';
import request from 'supertest';
import { createBackendApp } from '../../hub-emulator/examples/backend-route';
import { createHubClient, type HubClient } from '../../src/hub';
import { listen, type Listening } from '../../src/http/listen';
import { startEmulator, TEST_KEYS, type StartedEmulator } from './start-emulator';

describe('example backend route', () => {
  let hub: StartedEmulator;
  let client: HubClient;
  let backend: Listening;
  beforeAll(async () => {
    hub = await startEmulator();
    client = createHubClient({ baseUrl: hub.url, keys: { embed: TEST_KEYS.embed } });
    backend = await listen(createServer(createBackendApp(client)));
  });
  afterAll(async () => {
    await backend.close();
    await client.close();
    await hub.close();
  });

  it('binds on sign-in and invalidates on sign-out', async () => {
    const login = await request(backend.url).post('/login').send({ username: 'ada', wsId: 'ws-backend' });
    expect(login.body).toEqual({ ok: true });
    expect(hub.emulator.bindings.get('ws-backend')?.identity?.userId).toBe('ada');
    expect(hub.emulator.bindings.get('ws-backend')?.authArtifacts.headers.Authorization).toMatch(/^Bearer [0-9a-f-]{36}$/);
    const logout = await request(backend.url).post('/logout').send({ wsId: 'ws-backend' });
    expect(logout.body).toEqual({ ok: true });
    expect(hub.emulator.bindings.get('ws-backend')).toBeUndefined();
  });

  it('answers a request without a body with 400 JSON', async () => {
    const res = await request(backend.url).post('/login');
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('wsId');
  });

  it('a wrong embed key becomes a 502 naming the setting, not the key', async () => {
    const wrong = createHubClient({ baseUrl: hub.url, keys: { embed: 'emb_wrong_key_value' } });
    const other = await listen(createServer(createBackendApp(wrong)));
    try {
      const res = await request(other.url).post('/login').send({ username: 'ada', wsId: 'ws-x' });
      expect(res.status).toBe(502);
      expect(res.body.error).toContain('HUB_EMBED_KEY');
      expect(JSON.stringify(res.body)).not.toContain('emb_wrong_key_value');
    } finally {
      await other.close();
      await wrong.close();
    }
  });
});
