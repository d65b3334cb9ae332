// The view step of `npm run build` (cli/build-views): a view of the `--view` scaffold becomes one file, its
// size printed, without zod's locales other than English (issue 35: they were 260 KB of every view).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { viewHtml, viewScript } from '../../cli/new-tool/view-template';
import { ROOT } from '../support/project-copy';
import { runChild } from '../support/children';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'build-views-'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  mkdirSync(join(root, 'tools/views/list_things'), { recursive: true });
  writeFileSync(join(root, 'tools/views/list_things/index.html'), viewHtml('list_things'));
  writeFileSync(join(root, 'tools/views/list_things/app.ts'), viewScript('list_things'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (args: string[]) => runChild(process.execPath, args, { cwd: root });

describe('npm run build, the view step', () => {
  it("builds each view into one file, prints its size, and leaves out zod's other locales", async () => {
    const built = await run([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'cli/build-views/main.ts')]);
    expect(built.code).toBe(0);
    expect(built.output).toMatch(/^built dist\/views\/list_things\.html \(\d+ KB, \d+ KB gzipped\)\n$/);
    const html = readFileSync(join(root, 'dist/views/list_things.html'), 'utf8');
    expect(html).toMatch(/<script>[\s\S]+ui\/initialize[\s\S]+<\/script>/);
    expect(html).toContain('expected'); // zod's English messages stay
    expect(html).not.toContain('символов'); // its Russian ones do not
    expect(Buffer.byteLength(html)).toBeLessThan(450_000);
  }, 60_000);
});
