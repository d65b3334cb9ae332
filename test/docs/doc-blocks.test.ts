// The docs' steps run as tests: every shell block of README.md and docs/**/*.md is one the
// doc-test runner (test/docs/runner) runs in CI's fork copy, or is marked in the Markdown with the reason
// it cannot run there. This file checks the marks and the runner's own rules; `scripts/fork-sim.sh docs`
// runs the blocks.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notRunnable, pages, shellBlocks, unlabelledCommands } from './runner/blocks';
import { matches, withPrinted } from './runner/output';
import { chain, DocRunner, kind, withoutNpmBanner } from './runner/run';
import { ROOT } from '../support/project-copy';

describe('the docs of this tree', () => {
  const all = pages(ROOT).flatMap((page) => shellBlocks(ROOT, page));

  it('start with the README and the pages it links, and hold shell blocks to run', () => {
    expect(pages(ROOT)[0]).toBe('README.md');
    expect(all.filter((block) => !block.skip).length).toBeGreaterThanOrEqual(10);
  });

  it('have no block the runner cannot run that is not marked with its reason', () => {
    expect(all.filter((block) => !block.skip).flatMap((block) => notRunnable(block) ?? [])).toEqual([]);
  });

  it('have no command in a block without a language, which the runner would pass over', () => {
    expect(pages(ROOT).flatMap((page) => unlabelledCommands(ROOT, page))).toEqual([]);
  });
});

describe('the runner', () => {
  it('reads a block as marked only with a reason, on the line right above its fence', () => {
    const root = mkdtempSync(join(tmpdir(), 'doc-blocks-'));
    writeFileSync(
      join(root, 'README.md'),
      ['<!-- doc-test: skip — needs a browser -->', '```sh', 'open x', '```', '', '<!-- doc-test: skip -->', '```sh', 'echo a', '```', '', '```bash', 'git merge <commit>', '```', ''].join('\n'),
    );
    const blocks = shellBlocks(root, 'README.md');
    expect(blocks.map(({ line, skip }) => ({ line, skip }))).toEqual([
      { line: 2, skip: 'needs a browser' },
      { line: 7, skip: undefined },
      { line: 11, skip: undefined },
    ]);
    expect(notRunnable(blocks[2]!)).toBe('a placeholder in: git merge <commit>');
    expect(notRunnable(blocks[1]!)).toBeUndefined();
  });

  it('tells servers, streams, installs, the suite and exports from commands that run to their end', () => {
    expect(chain('npm ci && npm start')).toEqual(['npm ci', 'npm start']);
    expect(chain(`curl -d '{"a":"b && c"}' x`)).toEqual([`curl -d '{"a":"b && c"}' x`]);
    expect(kind('npm ci')).toEqual({ type: 'install' });
    expect(kind('npm test')).toEqual({ type: 'suite' });
    expect(kind('HUB_URL=http://127.0.0.1:4100 KEY="a b" npm start')).toEqual({ type: 'server', role: 'the tool server' });
    expect(kind('npm run hub        # hub emulator on http://127.0.0.1:4100')).toEqual({ type: 'server', role: 'the hub emulator' });
    expect(kind('npm run hub -- bind --ws demo-ws')).toEqual({ type: 'command' });
    expect(kind('curl -sN localhost:3000/sse')).toEqual({ type: 'stream' });
    expect(kind('export A=1 B="two words"')).toEqual({ type: 'export', vars: { A: '1', B: 'two words' } });
  });

  it('compares output with … for any text or lines, and a shown UUID standing for the one printed, used later', () => {
    const shown = ['event: endpoint', 'data: /messages?sessionId=87dc743f-5056-43f6-9fe0-5b4db95700dc'];
    const printed = ['event: endpoint', 'data: /messages?sessionId=0b7e2c1a-1111-4222-8333-444455556666', ''];
    const found = matches(shown, printed);
    expect(found).toEqual(new Map([['87dc743f-5056-43f6-9fe0-5b4db95700dc', '0b7e2c1a-1111-4222-8333-444455556666']]));
    expect(withPrinted("curl 'x?sessionId=87dc743f-5056-43f6-9fe0-5b4db95700dc'", found!)).toBe("curl 'x?sessionId=0b7e2c1a-1111-4222-8333-444455556666'");
    expect(matches(['a', '…', 'z'], ['a', 'b', 'c', 'z'])).toBeDefined();
    expect(matches(['tools: … tool(s)'], ['tools: 8 tool(s)'])).toBeDefined();
    expect(matches(['a', 'z'], ['a', 'b', 'z'])).toBeUndefined();
    expect(matches(['{"ok":true}'], ['{"ok":false}'])).toBeUndefined();
    expect(withoutNpmBanner('\n> pkg@1.0.0 hub\n> tsx hub-emulator/main.ts bind\n\nbound\n')).toBe('bound\n');
    expect(matches(['bound'], withoutNpmBanner('\n> pkg@1.0.0 hub\n> tsx hub-emulator/main.ts bind\n\nbound\n').split('\n'))).toBeDefined();
  });

  it('runs a page: exports carry to later commands, shown output must match, and a failure names the command', async () => {
    const root = mkdtempSync(join(tmpdir(), 'doc-run-'));
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), '```sh\nexport GREETING=hello\necho "$GREETING world"\n# hello world\n```\n\n```sh\necho bye\n# goodbye\n```\n');
    const lines: string[] = [];
    const runner = new DocRunner({ root, env: { PATH: process.env.PATH }, log: (line) => lines.push(line) });
    const [first, second] = await runner.page(shellBlocks(root, 'README.md'));
    expect(first).toMatchObject({ status: 'ran', detail: 'export GREETING; echo (output compared)' });
    expect(second).toMatchObject({ status: 'failed', detail: expect.stringContaining('echo bye\nprinted:\nbye') });
    expect(lines).toEqual(['  $ export GREETING=hello', '  $ echo "$GREETING world"', '  $ echo bye']);
  });
});
