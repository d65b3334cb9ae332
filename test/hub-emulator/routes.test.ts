import request from 'supertest';
import { createHubEmulator, type HubEmulator } from '../../hub-emulator';
import { TEST_KEYS } from './start-emulator';

describe('hub emulator: HTTP behaviour and options', () => {
  let emulator: HubEmulator;

  beforeEach(() => {
    emulator = createHubEmulator({
      embedKey: TEST_KEYS.embed,
      keys: [{ key: TEST_KEYS.filesRead, scope: 'mcp-files:read' }],
      jsonLimit: 1024,
      fileLimit: 2048,
    });
  });
  afterEach(async () => {
    await emulator.close();
  });

  it('an unknown route answers 404 in JSON, not HTML', async () => {
    const res = await request(emulator.app).get('/nowhere');
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'no route for GET /nowhere' } });
  });

  it('malformed JSON on bind answers 400 in JSON', async () => {
    const res = await request(emulator.app)
      .post('/api/auth/bind')
      .set('x-api-key', TEST_KEYS.embed)
      .set('content-type', 'application/json')
      .send('{"wsId":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'malformed_json' } });
  });

  it('a bind body over the JSON limit answers 413 in JSON', async () => {
    const res = await request(emulator.app)
      .post('/api/auth/bind')
      .set('x-api-key', TEST_KEYS.embed)
      .send({ wsId: 'ws-1', authArtifacts: { headers: { Authorization: 'x'.repeat(4096) } } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'body_too_large' } });
  });

  it('a bind without authArtifacts answers 400', async () => {
    const res = await request(emulator.app).post('/api/auth/bind').set('x-api-key', TEST_KEYS.embed).send({ wsId: 'ws-1' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'invalid_binding' } });
  });

  it.each([
    ['a header name with a space', { 'Bad Header': 'x' }],
    ['a header value with a line break', { Authorization: 'Bearer a\r\nX-Injected: 1' }],
  ])('a bind with %s answers 400 naming the field', async (_label, headers) => {
    const res = await request(emulator.app).post('/api/auth/bind').set('x-api-key', TEST_KEYS.embed).send({ wsId: 'ws-1', authArtifacts: { headers } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_binding');
    expect(res.body.error.message).toContain('authArtifacts.headers');
  });

  it('a malformed URL answers 400 in JSON, not 500', async () => {
    const res = await request(emulator.app).get('/emulator/library/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('a file upload over the file limit answers 413 in JSON', async () => {
    emulator = createHubEmulator({
      embedKey: TEST_KEYS.embed,
      keys: [{ key: TEST_KEYS.filesWrite, scope: 'mcp-files:write' }],
      fileLimit: 2048,
    });
    emulator.bindings.bind('ws-1', { userId: 'u-1' }, { headers: {} });
    const sessionId = emulator.bindings.get('ws-1')?.sessionId ?? '';
    const res = await request(emulator.app)
      .post('/api/mcp/files/upload')
      .set('x-api-key', TEST_KEYS.filesWrite)
      .set('x-session-id', sessionId)
      .attach('file', Buffer.alloc(8192, 1), 'big.bin');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'body_too_large' } });
  });

  it('a library seeded over PUT /emulator/library/:user is fetched through that user session', async () => {
    emulator.bindings.bind('ws-1', { userId: 'u-1' }, { headers: {} });
    const sessionId = emulator.bindings.get('ws-1')?.sessionId ?? '';
    await request(emulator.app).put('/emulator/library/u-1?name=notes.txt').set('content-type', 'text/plain').send('seeded').expect(200);
    const res = await request(emulator.app)
      .post('/api/mcp/files/fetch')
      .set('x-api-key', TEST_KEYS.filesRead)
      .set('x-session-id', sessionId)
      .send({ name: 'notes.txt' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('seeded');
    expect(res.headers['content-disposition']).toContain('notes.txt');
    const listing = await request(emulator.app).get('/emulator/library/u-1');
    expect(listing.body).toEqual({ files: [expect.objectContaining({ name: 'notes.txt', size: 6 })] });
  });

  it('GET /emulator/bindings shows who is bound but not their credentials', async () => {
    emulator.bindings.bind('ws-1', { userId: 'u-1' }, { headers: { Authorization: 'Bearer secret-token' }, cookies: 'sid=secret' });
    const res = await request(emulator.app).get('/emulator/bindings');
    expect(res.body.bindings).toEqual([expect.objectContaining({ wsId: 'ws-1', identity: { userId: 'u-1' } })]);
    expect(res.text).not.toContain('secret');
  });

  it('createHubEmulator refuses a scoped key without svc_ak_, an unknown scope, and a repeated key', () => {
    expect(() => createHubEmulator({ embedKey: 'e', keys: [{ key: 'abc', scope: 'mcp-files:read' }] })).toThrow(/svc_ak_/);
    expect(() => createHubEmulator({ embedKey: 'e', keys: [{ key: 'svc_ak_a', scope: 'files:all' as never }] })).toThrow(/unknown scope/);
    expect(() =>
      createHubEmulator({
        embedKey: 'e',
        keys: [
          { key: 'svc_ak_a', scope: 'mcp-files:read' },
          { key: 'svc_ak_a', scope: 'mcp-files:write' },
        ],
      }),
    ).toThrow(/repeats/);
  });
});
