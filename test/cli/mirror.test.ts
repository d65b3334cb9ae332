import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHubClient, HubStatusError, type HubClient } from '../../src/hub';
import { runKb, type KbIo } from '../../cli/run-kb';
import { startEmulator, TEST_KEYS, type StartedEmulator } from '../hub-emulator/start-emulator';
import { capture, tempFolder } from './helpers';

describe('kb CLI: mirror', () => {
  let hub: StartedEmulator;
  let folder: { path: string; remove(): Promise<void> };
  let docs: string;

  beforeEach(async () => {
    hub = await startEmulator();
    folder = await tempFolder();
    docs = join(folder.path, 'docs');
    await mkdir(join(docs, 'guides'), { recursive: true });
    await writeFile(join(docs, 'a.md'), 'A1');
    await writeFile(join(docs, 'b.txt'), 'B1');
    await writeFile(join(docs, 'guides', 'c.md'), 'C1');
  });
  afterEach(async () => {
    await hub.close();
    await folder.remove();
  });

  async function mirror(extra: Partial<KbIo> = {}, args: string[] = []) {
    const stdout = capture();
    const stderr = capture();
    const env = { HUB_URL: hub.url, HUB_KNOWLEDGE_KEY: TEST_KEYS.knowledge };
    const code = await runKb(['mirror', '--kb', 'kb-1', docs, ...args], { env, stdout: stdout.stream, stderr: stderr.stream, ...extra });
    return { code, out: stdout.lines(), err: stderr.lines() };
  }

  function contents(): Record<string, string> {
    return Object.fromEntries(hub.emulator.knowledge.list('kb-1').map((d) => [d.filename, d.content.toString()]));
  }

  it('a first mirror adds every file, one line each, and records their hashes', async () => {
    const result = await mirror();
    expect(result).toEqual({
      code: 0,
      out: ['added a.md', 'added b.txt', 'added guides/c.md', '3 added, 0 replaced, 0 removed, 0 unchanged'],
      err: [],
    });
    expect(contents()).toEqual({ 'a.md': 'A1', 'b.txt': 'B1', 'guides/c.md': 'C1' });
    const record = JSON.parse(await readFile(join(docs, '.kb-sync-kb-1.json'), 'utf8')) as { files: Record<string, unknown> };
    expect(Object.keys(record.files).sort()).toEqual(['a.md', 'b.txt', 'guides/c.md']);
  });

  it('a mirror with nothing changed sends nothing and says so', async () => {
    await mirror();
    const before = hub.requests();
    const result = await mirror();
    expect(result).toEqual({ code: 0, out: ['nothing to sync: 3 unchanged'], err: [] });
    expect(hub.requests()).toBe(before);
  });

  it('a changed file is replaced, a deleted one removed, a new one added, and the rest left alone', async () => {
    await mirror();
    await writeFile(join(docs, 'a.md'), 'A2');
    await rm(join(docs, 'b.txt'));
    await writeFile(join(docs, 'd.md'), 'D1');
    const before = hub.requests();
    const result = await mirror();
    expect(result.code).toBe(0);
    expect(result.out).toEqual(['replaced a.md', 'added d.md', 'removed b.txt', '1 added, 1 replaced, 1 removed, 1 unchanged']);
    expect(hub.requests() - before).toBe(3);
    expect(contents()).toEqual({ 'a.md': 'A2', 'd.md': 'D1', 'guides/c.md': 'C1' });
  });

  it('an interrupted mirror keeps a true record, and the next run finishes the job', async () => {
    const real = createHubClient({ baseUrl: hub.url, keys: { knowledge: TEST_KEYS.knowledge } });
    let calls = 0;
    // the real client, failing as a hub would on the third request
    const flaky: Pick<HubClient, 'syncKnowledge'> = {
      syncKnowledge: (kbId, sync) => {
        calls += 1;
        if (calls === 3) return Promise.reject(new HubStatusError('POST', `/api/admin/knowledge/${kbId}/sync`, 503));
        return real.syncKnowledge(kbId, sync);
      },
    };
    const interrupted = await mirror({ hubClient: flaky });
    await real.close();
    expect(interrupted.code).toBe(1);
    expect(interrupted.out).toEqual(['added a.md', 'added b.txt']);
    expect(interrupted.err).toEqual(['kb: the hub answered HTTP 503 to POST /api/admin/knowledge/kb-1/sync']);
    const record = JSON.parse(await readFile(join(docs, '.kb-sync-kb-1.json'), 'utf8')) as { files: Record<string, unknown> };
    expect(Object.keys(record.files).sort()).toEqual(['a.md', 'b.txt']);

    const resumed = await mirror();
    expect(resumed.out).toEqual(['added guides/c.md', '1 added, 0 replaced, 0 removed, 2 unchanged']);
    expect(contents()).toEqual({ 'a.md': 'A1', 'b.txt': 'B1', 'guides/c.md': 'C1' });
  });

  it('a deleted file the hub no longer has is answered 204 and reported as nothing to remove', async () => {
    await mirror();
    hub.emulator.knowledge.sync('kb-1', 'remove', 'b.txt');
    await rm(join(docs, 'b.txt'));
    const result = await mirror();
    expect(result.code).toBe(0);
    expect(result.out).toEqual([
      'removed b.txt (it was not in the knowledge base: nothing to remove)',
      '0 added, 0 replaced, 1 removed, 2 unchanged',
    ]);
  });

  it('--state puts the record where it is told', async () => {
    const statePath = join(folder.path, 'state.json');
    expect((await mirror({}, ['--state', statePath])).code).toBe(0);
    const record = JSON.parse(await readFile(statePath, 'utf8')) as { kbId: string };
    expect(record.kbId).toBe('kb-1');
  });

  it('a file path over 512 characters fails the mirror before any request', async () => {
    const deep = join(docs, 'x'.repeat(200), 'y'.repeat(200));
    await mkdir(deep, { recursive: true });
    await writeFile(join(deep, `${'z'.repeat(120)}.md`), 'deep');
    const result = await mirror();
    expect(result.code).toBe(1);
    expect(result.err).toEqual(['kb: a filename is 525 characters; the hub allows at most 512 (nothing was sent)']);
    expect(hub.requests()).toBe(0);
  });

  it('a missing folder fails with one line', async () => {
    await rm(docs, { recursive: true });
    const result = await mirror();
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(/^kb: cannot read .*docs: no such file or folder$/);
  });

  it('a key without knowledge:write fails the mirror with one line naming the permission and records nothing', async () => {
    const stderr = capture();
    const env = { HUB_URL: hub.url, HUB_KNOWLEDGE_KEY: TEST_KEYS.filesWrite };
    const code = await runKb(['mirror', '--kb', 'kb-1', docs], { env, stdout: capture().stream, stderr: stderr.stream });
    expect(code).toBe(1);
    expect(stderr.lines()).toEqual(['kb: the hub refused HUB_KNOWLEDGE_KEY: it lacks the knowledge:write permission; use a key with knowledge:write']);
    await expect(readFile(join(docs, '.kb-sync-kb-1.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
