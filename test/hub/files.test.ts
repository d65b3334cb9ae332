import { FormData, request } from 'undici';
import { Blob } from 'node:buffer';
import {
  createHubClient,
  HubKeyError,
  HubNotConfiguredError,
  HubNotFoundError,
  HubPermissionError,
  HubResponseTooLargeError,
  HubStatusError,
  type HubClient,
} from '../../src/hub';
import { startEmulator, TEST_KEYS, type StartedEmulator } from '../hub-emulator/start-emulator';

describe('hub client: file fetch and upload', () => {
  let hub: StartedEmulator;
  let client: HubClient;
  let aliceSession: string;
  let bobSession: string;

  beforeEach(async () => {
    hub = await startEmulator();
    client = createHubClient({ baseUrl: hub.url, keys: { ...TEST_KEYS } });
    await client.bind({ wsId: 'ws-alice', identity: { userId: 'alice' }, authArtifacts: { headers: {} } });
    await client.bind({ wsId: 'ws-bob', identity: { userId: 'bob' }, authArtifacts: { headers: {} } });
    aliceSession = hub.emulator.bindings.get('ws-alice')?.sessionId ?? '';
    bobSession = hub.emulator.bindings.get('ws-bob')?.sessionId ?? '';
  });
  afterEach(async () => {
    await client.close();
    await hub.close();
  });

  it('upload then fetch with the same session returns the same bytes and content type', async () => {
    const upload = await client.uploadFile(aliceSession, 'report.csv', 'id,total\n1,42\n', 'text/csv');
    expect(upload).toEqual({ name: 'report.csv', body: expect.objectContaining({ ok: true, name: 'report.csv' }) });
    const file = await client.fetchFile(aliceSession, 'report.csv');
    expect(file.content.toString('utf8')).toBe('id,total\n1,42\n');
    expect(file.contentType).toContain('text/csv');
    expect(hub.emulator.libraries.get('alice', 'report.csv')?.content.toString()).toBe('id,total\n1,42\n');
  });

  it('a file over the client cap is refused with HubResponseTooLargeError', async () => {
    await client.uploadFile(aliceSession, 'big.bin', Buffer.alloc(64 * 1024, 7));
    const capped = createHubClient({ baseUrl: hub.url, keys: { ...TEST_KEYS }, maxResponseBytes: 16 * 1024 });
    try {
      const error = await capped.fetchFile(aliceSession, 'big.bin').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HubResponseTooLargeError);
      expect((error as HubResponseTooLargeError).code).toBe('HUB_TOO_LARGE');
    } finally {
      await capped.close();
    }
  });

  it('binary content survives the round trip', async () => {
    const bytes = Buffer.from([0, 255, 1, 254, 10, 13]);
    await client.uploadFile(aliceSession, 'blob.bin', bytes);
    expect((await client.fetchFile(aliceSession, 'blob.bin')).content.equals(bytes)).toBe(true);
  });

  it('libraries are per user: another user session gets HubNotFoundError for the file', async () => {
    await client.uploadFile(aliceSession, 'private.txt', 'alice only', 'text/plain');
    await expect(client.fetchFile(bobSession, 'private.txt')).rejects.toBeInstanceOf(HubNotFoundError);
  });

  it('fetch of a missing file throws HubNotFoundError with status 404 naming the file', async () => {
    const err: unknown = await client.fetchFile(aliceSession, 'nope.txt').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HubNotFoundError);
    expect(err).toMatchObject({ code: 'HUB_NOT_FOUND', status: 404, fileName: 'nope.txt' });
    expect((err as Error).message).toContain('POST /api/mcp/files/fetch');
  });

  it('fetch without a read key configured throws HubNotConfiguredError naming HUB_FILES_READ_KEY, sending nothing', async () => {
    const before = hub.requests();
    const writer = createHubClient({ baseUrl: hub.url, keys: { filesWrite: TEST_KEYS.filesWrite } });
    const err: unknown = await writer.fetchFile(aliceSession, 'a.txt').catch((e: unknown) => e);
    await writer.close();
    expect(err).toBeInstanceOf(HubNotConfiguredError);
    expect((err as Error).message).toContain('HUB_FILES_READ_KEY');
    expect(hub.requests()).toBe(before);
  });

  it('fetch with an unknown key throws HubKeyError (401)', async () => {
    const unknown = createHubClient({ baseUrl: hub.url, keys: { filesRead: 'svc_ak_unknown' } });
    await expect(unknown.fetchFile(aliceSession, 'a.txt')).rejects.toMatchObject({ name: 'HubKeyError', status: 401 });
    await unknown.close();
  });

  it('fetch with a key of another scope throws HubPermissionError naming mcp-files:read (403)', async () => {
    const wrongScope = createHubClient({ baseUrl: hub.url, keys: { filesRead: TEST_KEYS.filesWrite } });
    const err: unknown = await wrongScope.fetchFile(aliceSession, 'a.txt').catch((e: unknown) => e);
    await wrongScope.close();
    expect(err).toBeInstanceOf(HubPermissionError);
    expect(err).toMatchObject({ status: 403, scope: 'mcp-files:read' });
    expect((err as Error).message).toContain('mcp-files:read');
  });

  it('upload with a read-only key throws HubPermissionError naming mcp-files:write', async () => {
    const wrongScope = createHubClient({ baseUrl: hub.url, keys: { filesWrite: TEST_KEYS.filesRead } });
    await expect(wrongScope.uploadFile(aliceSession, 'a.txt', 'x')).rejects.toMatchObject({ scope: 'mcp-files:write', status: 403 });
    await wrongScope.close();
  });

  it('upload without a key header answers 401 and with an empty session id answers 400', async () => {
    const noKey = await request(`${hub.url}/api/mcp/files/upload`, { method: 'POST', headers: { 'x-session-id': aliceSession } });
    expect(noKey.statusCode).toBe(401);
    expect(await noKey.body.json()).toMatchObject({ error: { code: 'invalid_key' } });
    await expect(client.uploadFile('', 'a.txt', 'x')).rejects.toMatchObject({ name: 'HubStatusError', status: 400, hubCode: 'missing_session_id' });
  });

  it('fetch without x-session-id answers 400 in JSON', async () => {
    const res = await request(`${hub.url}/api/mcp/files/fetch`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_KEYS.filesRead, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'a.txt' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(await res.body.json()).toEqual({ error: { code: 'missing_session_id', message: expect.any(String) } });
  });

  it('a session id the hub never issued, or one of an invalidated binding, is a HubStatusError with status 400', async () => {
    const err: unknown = await client.fetchFile('hubsess_made_up', 'a.txt').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HubStatusError);
    expect(err).toMatchObject({ status: 400, hubCode: 'unknown_session' });
    await client.invalidate({ wsId: 'ws-alice' });
    await expect(client.uploadFile(aliceSession, 'a.txt', 'x')).rejects.toMatchObject({ status: 400, hubCode: 'unknown_session' });
  });

  it('upload without a filename part stores the file under its own name', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'own-name.txt');
    const res = await request(`${hub.url}/api/mcp/files/upload`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_KEYS.filesWrite, 'x-session-id': aliceSession },
      body: form,
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    expect(hub.emulator.libraries.get('alice', 'own-name.txt')?.content.toString()).toBe('hello');
  });

  it('upload without a file part answers 400 in JSON', async () => {
    const form = new FormData();
    form.append('filename', 'a.txt');
    const res = await request(`${hub.url}/api/mcp/files/upload`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_KEYS.filesWrite, 'x-session-id': aliceSession },
      body: form,
    });
    expect(res.statusCode).toBe(400);
    expect(await res.body.json()).toMatchObject({ error: { code: 'missing_part' } });
  });
});
