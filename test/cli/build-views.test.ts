// The view step of `npm run build` (cli/build-views): a view of the `--view` scaffold becomes one file, its
// size printed, without zod's locales other than English (they were 260 KB of every view). Each
// view is also built in its shared form, which loads the one runtime all views share: a second view then
// costs its own few KB, not another copy of the runtime.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RUNTIME_GLOBAL } from '../../cli/build-views/shared';
import { viewHtml, viewScript } from '../../cli/new-tool/view-template';
import { ROOT } from '../support/project-copy';
import { runChild } from '../support/children';

const VIEWS = ['list_things', 'show_thing'];

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'build-views-'));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const name of VIEWS) {
    mkdirSync(join(root, 'tools/views', name), { recursive: true });
    writeFileSync(join(root, 'tools/views', name, 'index.html'), viewHtml(name));
    writeFileSync(join(root, 'tools/views', name, 'app.ts'), viewScript(name));
  }
  // A runtime of an earlier build, removed by the next one.
  mkdirSync(join(root, 'dist/views'), { recursive: true });
  writeFileSync(join(root, 'dist/views/runtime-0000000000000000.js'), '/* old */');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const run = (args: string[]) => runChild(process.execPath, args, { cwd: root });
const read = (file: string) => readFileSync(join(root, 'dist/views', file), 'utf8');
const RUNTIME = /^runtime-[0-9a-f]{16}\.js$/;

describe('npm run build, the view step', () => {
  let output: string;
  beforeAll(async () => {
    const built = await run([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'cli/build-views/main.ts')]);
    expect(built.code).toBe(0);
    output = built.output;
  }, 60_000);

  it('prints each view in both forms, and the runtime once', () => {
    const size = String.raw`\(\d+ KB, \d+ KB gzipped\)`;
    expect(output).toMatch(
      new RegExp(
        `^${VIEWS.map((name) => `built dist/views/${name}\\.html ${size}; shared form ${name}\\.shared\\.html ${size}\\n`).join('')}` +
          `built dist/views/runtime-[0-9a-f]{16}\\.js ${size}, the runtime every shared form loads\\n$`,
      ),
    );
  });

  it("builds each view into one self-contained file, and leaves out zod's other locales", () => {
    const html = read('list_things.html');
    expect(html).toMatch(/<script>[\s\S]+ui\/initialize[\s\S]+<\/script>/);
    expect(html).toContain('expected'); // zod's English messages stay
    expect(html).not.toContain('символов'); // its Russian ones do not
    expect(Buffer.byteLength(html)).toBeLessThan(450_000);
    expect(html).not.toContain('runtime-');
  });

  it('writes one runtime for every view, and removes the runtimes of earlier builds', () => {
    const runtimes = readdirSync(join(root, 'dist/views')).filter((file) => RUNTIME.test(file));
    expect(runtimes).toHaveLength(1);
    const runtime = read(runtimes[0]!);
    expect(runtime).toContain('ui/initialize'); // ext-apps' protocol is in the runtime…
    expect(runtime).toContain(RUNTIME_GLOBAL);
    expect(runtime).not.toContain('символов');
    for (const name of VIEWS) expect(read(`${name}.shared.html`)).toContain(`<script src="${runtimes[0]}"></script><script>`);
  });

  it("builds each view's shared form without the runtime: a few KB, not another copy", () => {
    for (const name of VIEWS) {
      const shared = read(`${name}.shared.html`);
      expect(shared).not.toContain('ui/initialize'); // …and not in the views
      expect(shared).toContain(RUNTIME_GLOBAL);
      expect(shared).toContain(`<title>${name}</title>`);
      // Measured: 2.9 KB (1.5 KB gzipped) each, against 408 KB (110 KB gzipped) self-contained.
      expect(Buffer.byteLength(shared)).toBeLessThan(20_000);
      expect(gzipSync(shared).length).toBeLessThan(8_000);
    }
  });
});
