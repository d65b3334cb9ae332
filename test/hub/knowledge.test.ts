import { FormData, request } from 'undici';
import { Blob } from 'node:buffer';
import {
  createHubClient,
  HubFilenameTooLongError,
  HubKeyError,
  HubNetworkError,
  HubPermissionError,
  type HubClient,
} from '../../src/hub';
import { closedPortUrl, startEmulator, TEST_KEYS, type StartedEmulator } from '../hub-emulator/start-emulator';

describe('hub client: knowledge base sync', () => {
  let hub: StartedEmulator;
  let client: HubClient;

  beforeEach(async () => {
    hub = await startEmulator();
    client = createHubClient({ baseUrl: hub.url, keys: { knowledge: TEST_KEYS.knowledge } });
  });
  afterEach(async () => {
    await client.close();
    await hub.close();
  });

  async function rawSync(kbId: string, parts: Record<string, string | Blob>): Promise<{ status: number; body: unknown }> {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) form.append(name, value);
    const res = await request(`${hub.url}/api/admin/knowledge/${kbId}/sync`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_KEYS.knowledge },
      body: form,
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text === '' ? null : (JSON.parse(text) as unknown) };
  }

  it('add, replace and remove change the knowledge base and answer with the filename and the action', async () => {
    const added = await client.syncKnowledge('kb-1', { action: 'add', filename: 'faq.md', content: '# FAQ v1', contentType: 'text/markdown' });
    expect(added).toEqual({ noop: false, body: expect.objectContaining({ filename: 'faq.md', action: 'add' }) });
    expect(hub.emulator.knowledge.get('kb-1', 'faq.md')?.content.toString()).toBe('# FAQ v1');

    const replaced = await client.syncKnowledge('kb-1', { action: 'replace', filename: 'faq.md', content: Buffer.from('# FAQ v2') });
    expect(replaced).toEqual({ noop: false, body: expect.objectContaining({ filename: 'faq.md', action: 'replace' }) });
    expect(hub.emulator.knowledge.get('kb-1', 'faq.md')?.content.toString()).toBe('# FAQ v2');

    const removed = await client.syncKnowledge('kb-1', { action: 'remove', filename: 'faq.md' });
    expect(removed).toEqual({ noop: false, body: expect.objectContaining({ filename: 'faq.md', action: 'remove' }) });
    expect(hub.emulator.knowledge.list('kb-1')).toEqual([]);
  });

  it('sync remove of a missing document answers 204, which the client returns as a no-op', async () => {
    await expect(client.syncKnowledge('kb-1', { action: 'remove', filename: 'never-added.md' })).resolves.toEqual({ noop: true });
  });

  it('the emulator lists knowledge-base contents over GET /emulator/knowledge/:id', async () => {
    await client.syncKnowledge('kb-2', { action: 'add', filename: 'b.md', content: 'B' });
    await client.syncKnowledge('kb-2', { action: 'add', filename: 'a.md', content: 'A' });
    const res = await request(`${hub.url}/emulator/knowledge/kb-2`);
    const body = (await res.body.json()) as { documents: Array<{ filename: string; size: number }> };
    expect(body.documents.map((d) => [d.filename, d.size])).toEqual([['a.md', 1], ['b.md', 1]]);
    const doc = await request(`${hub.url}/emulator/knowledge/kb-2/document?filename=a.md`);
    expect(await doc.body.text()).toBe('A');
  });

  it('a filename of 512 characters is accepted', async () => {
    const name = 'x'.repeat(512);
    await expect(client.syncKnowledge('kb-1', { action: 'add', filename: name, content: 'ok' })).resolves.toMatchObject({ noop: false });
  });

  it('a filename over 512 characters is refused with HubFilenameTooLongError before anything is sent', async () => {
    const before = hub.requests();
    const err: unknown = await client.syncKnowledge('kb-1', { action: 'add', filename: 'x'.repeat(513), content: 'no' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HubFilenameTooLongError);
    expect(err).toMatchObject({ code: 'HUB_FILENAME_TOO_LONG', length: 513 });
    expect(hub.requests()).toBe(before);
  });

  it('the emulator itself answers 400 to a filename over 512 characters', async () => {
    const res = await rawSync('kb-1', { action: 'add', filename: 'y'.repeat(513), file: new Blob(['z']) });
    expect(res).toEqual({ status: 400, body: { error: { code: 'filename_too_long', message: expect.any(String) } } });
  });

  it.each([
    ['no action part', { filename: 'a.md', file: new Blob(['a']) }, 'invalid_action'],
    ['an unknown action', { action: 'upsert', filename: 'a.md', file: new Blob(['a']) }, 'invalid_action'],
    ['no filename part', { action: 'add', file: new Blob(['a']) }, 'missing_part'],
    ['no file part for add', { action: 'add', filename: 'a.md' }, 'missing_part'],
    ['no file part for replace', { action: 'replace', filename: 'a.md' }, 'missing_part'],
  ])('sync with %s answers 400', async (_case, parts, code) => {
    const res = await rawSync('kb-1', parts);
    expect(res).toEqual({ status: 400, body: { error: { code, message: expect.any(String) } } });
  });

  it('sync with a JSON body instead of multipart answers 415 in JSON', async () => {
    const res = await request(`${hub.url}/api/admin/knowledge/kb-1/sync`, {
      method: 'POST',
      headers: { 'x-api-key': TEST_KEYS.knowledge, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.statusCode).toBe(415);
    expect(await res.body.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('sync with a key without knowledge:write throws HubPermissionError naming the permission', async () => {
    const wrongScope = createHubClient({ baseUrl: hub.url, keys: { knowledge: TEST_KEYS.filesRead } });
    const err: unknown = await wrongScope.syncKnowledge('kb-1', { action: 'remove', filename: 'a.md' }).catch((e: unknown) => e);
    await wrongScope.close();
    expect(err).toBeInstanceOf(HubPermissionError);
    expect((err as Error).message).toContain('knowledge:write');
    expect((err as Error).message).not.toContain(TEST_KEYS.filesRead);
  });

  it('sync with an unknown key throws HubKeyError naming HUB_KNOWLEDGE_KEY', async () => {
    const unknown = createHubClient({ baseUrl: hub.url, keys: { knowledge: 'svc_ak_nobody' } });
    const err: unknown = await unknown.syncKnowledge('kb-1', { action: 'remove', filename: 'a.md' }).catch((e: unknown) => e);
    await unknown.close();
    expect(err).toBeInstanceOf(HubKeyError);
    expect((err as Error).message).toContain('HUB_KNOWLEDGE_KEY');
  });

  it('a hub that is not listening gives HubNetworkError (HUB_UNREACHABLE)', async () => {
    const down = createHubClient({ baseUrl: await closedPortUrl(), keys: { knowledge: TEST_KEYS.knowledge } });
    const err: unknown = await down.syncKnowledge('kb-1', { action: 'remove', filename: 'a.md' }).catch((e: unknown) => e);
    await down.close();
    expect(err).toBeInstanceOf(HubNetworkError);
    expect(err).toMatchObject({ code: 'HUB_UNREACHABLE', status: undefined });
  });
});
