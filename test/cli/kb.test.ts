import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runKb } from '../../cli/run-kb';
import { closedPortUrl, startEmulator, TEST_KEYS, type StartedEmulator } from '../hub-emulator/start-emulator';
import { capture, tempFolder } from './helpers';

describe('kb CLI: add, replace, remove and their failures', () => {
  let hub: StartedEmulator;
  let folder: { path: string; remove(): Promise<void> };

  beforeEach(async () => {
    hub = await startEmulator();
    folder = await tempFolder();
  });
  afterEach(async () => {
    await hub.close();
    await folder.remove();
  });

  async function kb(argv: string[], env: NodeJS.ProcessEnv = { HUB_URL: hub.url, HUB_KNOWLEDGE_KEY: TEST_KEYS.knowledge }) {
    const stdout = capture();
    const stderr = capture();
    const code = await runKb(argv, { env, stdout: stdout.stream, stderr: stderr.stream });
    return { code, out: stdout.lines(), err: stderr.lines() };
  }

  it('add sends the file under its own name and exits 0', async () => {
    await writeFile(join(folder.path, 'faq.md'), '# FAQ');
    const result = await kb(['add', '--kb', 'kb-1', join(folder.path, 'faq.md')]);
    expect(result).toEqual({ code: 0, out: ['added faq.md in knowledge base kb-1'], err: [] });
    expect(hub.emulator.knowledge.get('kb-1', 'faq.md')).toMatchObject({ contentType: 'text/markdown' });
    expect(hub.emulator.knowledge.get('kb-1', 'faq.md')?.content.toString()).toBe('# FAQ');
  });

  it('add with --filename stores the document under that name; replace changes its content', async () => {
    const path = join(folder.path, 'local.txt');
    await writeFile(path, 'v1');
    expect((await kb(['add', '--kb', 'kb-1', path, '--filename', 'docs/policy.txt'])).code).toBe(0);
    await writeFile(path, 'v2');
    const replaced = await kb(['replace', '--kb', 'kb-1', path, '--filename', 'docs/policy.txt']);
    expect(replaced.out).toEqual(['replaced docs/policy.txt in knowledge base kb-1']);
    expect(hub.emulator.knowledge.get('kb-1', 'docs/policy.txt')?.content.toString()).toBe('v2');
  });

  it('remove of an existing document removes it and says so', async () => {
    hub.emulator.knowledge.sync('kb-1', 'add', 'old.md', { content: Buffer.from('x'), contentType: 'text/markdown' });
    const result = await kb(['remove', '--kb', 'kb-1', '--filename', 'old.md']);
    expect(result).toEqual({ code: 0, out: ['removed old.md from knowledge base kb-1'], err: [] });
    expect(hub.emulator.knowledge.list('kb-1')).toEqual([]);
  });

  it('sync remove of a missing document answers 204 and the CLI says nothing was removed, exiting 0', async () => {
    const result = await kb(['remove', '--kb', 'kb-1', '--filename', 'ghost.md']);
    expect(result).toEqual({ code: 0, out: ['nothing was removed: ghost.md is not in knowledge base kb-1'], err: [] });
  });

  it('a key without knowledge:write fails with one line naming the permission', async () => {
    const result = await kb(['remove', '--kb', 'kb-1', '--filename', 'a.md'], { HUB_URL: hub.url, HUB_KNOWLEDGE_KEY: TEST_KEYS.filesRead });
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toContain('knowledge:write');
    expect(result.err[0]).not.toContain(TEST_KEYS.filesRead);
  });

  it('an unknown key fails with one line saying the hub rejected HUB_KNOWLEDGE_KEY', async () => {
    const result = await kb(['remove', '--kb', 'kb-1', '--filename', 'a.md'], { HUB_URL: hub.url, HUB_KNOWLEDGE_KEY: 'svc_ak_unknown' });
    expect(result.code).toBe(1);
    expect(result.err).toEqual(['kb: the hub rejected HUB_KNOWLEDGE_KEY as missing or invalid (HTTP 401)']);
  });

  it('a missing local file fails with one line before any request', async () => {
    const result = await kb(['add', '--kb', 'kb-1', join(folder.path, 'missing.md')]);
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toMatch(/^kb: cannot read .*missing\.md: no such file/);
    expect(hub.requests()).toBe(0);
  });

  it('a filename over 512 characters is refused before any request', async () => {
    await writeFile(join(folder.path, 'a.md'), 'a');
    const result = await kb(['add', '--kb', 'kb-1', join(folder.path, 'a.md'), '--filename', 'n'.repeat(513)]);
    expect(result.code).toBe(1);
    expect(result.err).toEqual(['kb: a filename is 513 characters; the hub allows at most 512 (nothing was sent)']);
    expect(hub.requests()).toBe(0);
  });

  it('a hub that cannot be reached fails with one line naming HUB_URL', async () => {
    const down = await closedPortUrl();
    const result = await kb(['remove', '--kb', 'kb-1', '--filename', 'a.md'], { HUB_URL: down, HUB_KNOWLEDGE_KEY: TEST_KEYS.knowledge });
    expect(result.code).toBe(1);
    expect(result.err).toEqual([`kb: could not reach the hub at ${down}`]);
  });

  it('missing settings fail with one line naming both, exit 2', async () => {
    const result = await kb(['remove', '--kb', 'kb-1', '--filename', 'a.md'], {});
    expect(result).toEqual({ code: 2, out: [], err: ['kb: HUB_URL is not set; HUB_KNOWLEDGE_KEY is not set'] });
  });

  it('a knowledge key without svc_ak_ fails with one line that does not echo the key', async () => {
    const result = await kb(['remove', '--kb', 'kb-1', '--filename', 'a.md'], { HUB_URL: hub.url, HUB_KNOWLEDGE_KEY: 'my-secret-key' });
    expect(result.code).toBe(2);
    expect(result.err).toEqual(['kb: HUB_KNOWLEDGE_KEY must be a scoped API key starting with svc_ak_']);
  });

  it('--help prints the usage on stdout and exits 0, before any setting is read', async () => {
    const result = await kb(['--help'], {});
    expect(result.code).toBe(0);
    expect(result.err).toEqual([]);
    expect(result.out.join('\n')).toContain('npm run kb -- mirror');
  });

  it('bad arguments print the usage and exit 2', async () => {
    const result = await kb(['remove', '--kb', 'kb-1']);
    expect(result.code).toBe(2);
    expect(result.err[0]).toBe('kb: remove needs --filename <name>');
    expect(result.err.join('\n')).toContain('npm run kb -- mirror');
  });
});
