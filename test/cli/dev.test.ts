// `npm run dev` (cli/dev): a view's sources edited while it runs are rebuilt by esbuild in a
// second or two, and the running server answers resources/read with the new HTML, without a restart.
// Also the watcher alone: a script, a file it imports and index.html each trigger a rebuild; a broken
// edit keeps the last good build. Run in copies of the project with a view of the `--view` scaffold (not
// the example's: a fork deletes that); every process is ended in afterAll.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchViews, type ViewWatcher } from '../../cli/build-views/watch';
import { scaffoldTool } from '../../cli/new-tool/scaffold';
import { post2025, viewsSession } from '../support/mcp-post';
import { freePort } from '../support/processes';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';
import { spawnChild } from '../support/children';

/** Lines as they come, and a wait for the next one that matches. */
function lines() {
  const seen: string[] = [];
  const waiting = new Set<() => void>();
  return {
    seen,
    add(line: string) {
      seen.push(line);
      for (const check of [...waiting]) check();
    },
    /** Resolves with the first line at or after index `from` that matches. */
    next(pattern: RegExp, from = seen.length, timeoutMs = 180_000): Promise<string> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; saw:\n${seen.join('\n')}`));
        }, timeoutMs);
        const check = () => {
          const found = seen.slice(from).find((line) => pattern.test(line));
          if (found === undefined) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
        };
        waiting.add(check);
        check();
      });
    },
  };
}

const NAME = 'dev_probe';
const BUILT = new RegExp(`^(dev: )?built dist/views/${NAME}\\.html in (\\d+) ms \\(\\d+ KB, \\d+ KB gzipped\\); shared form ${NAME}\\.shared\\.html \\(\\d+ KB, \\d+ KB gzipped\\)$`);

/** A copy of the project with a scaffolded tool and view of its own. */
function copyWithView(prefix: string): ProjectCopy {
  const made = copyProject(prefix);
  scaffoldTool({ root: made.root, name: NAME, view: true });
  return made;
}

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyWithView('dev-');
});
afterAll(() => copy.remove());

describe('the view watcher', () => {
  let watcher: ViewWatcher | undefined;
  afterAll(async () => {
    await watcher?.close();
  });

  it('rebuilds on a change to the script, a module it imports, or index.html, and keeps the last good build after a broken edit', async () => {
    const out = lines();
    watcher = await watchViews(copy.root, (line) => out.add(line));
    await out.next(BUILT, 0);
    const view = join(copy.root, 'tools/views', NAME);
    const built = () => readFileSync(join(copy.root, 'dist/views', `${NAME}.html`), 'utf8');
    const edit = async (file: string, change: (text: string) => string) => {
      const mark = out.seen.length;
      writeFileSync(join(view, file), change(readFileSync(join(view, file), 'utf8')));
      return out.next(new RegExp(`${NAME}`), mark);
    };

    expect(await edit('app.ts', (text) => `import { label } from './label';\n${text}\nresult.title = label;\n`)).toMatch(/build failed/); // ./label.ts is not there yet
    writeFileSync(join(view, 'label.ts'), "export const label = 'first label';\n");
    expect(await edit('app.ts', (text) => `${text}\n`)).toMatch(BUILT);
    expect(built()).toContain('first label');
    expect(await edit('label.ts', () => "export const label = 'second label';\n")).toMatch(BUILT);
    expect(built()).toContain('second label');
    expect(readFileSync(join(copy.root, 'dist/views', `${NAME}.shared.html`), 'utf8')).toContain('second label'); // the shared form too
    expect(await edit('index.html', (text) => text.replace(`<title>${NAME}</title>`, `<title>${NAME}, edited</title>`))).toMatch(BUILT);
    expect(built()).toContain(`<title>${NAME}, edited</title>`);
    const before = built();
    expect(await edit('app.ts', (text) => `${text}\nconst broken: = ;\n`)).toBe(`view tools/views/${NAME}: the build failed; still serving the last one built`);
    expect(built()).toBe(before);
  }, 600_000);
});

describe('npm run dev', () => {
  let dev: ChildProcess | undefined;
  afterAll(() => {
    // The dev entry and the server it started: one process group, ended together.
    if (dev?.pid !== undefined && dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  });

  it('serves a view edited while it runs, rebuilt in a second or two, without a restart', async () => {
    const fresh = copyWithView('dev-run-');
    try {
      const port = await freePort();
      const out = lines();
      dev = spawnChild(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'cli/dev/main.ts'], {
        cwd: fresh.root,
        // Every setting given: nothing from the developer's shell or .env (the copy has none), and an API
        // that is never called (reading a view does not reach it).
        env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_FORMAT: 'json', CUSTOMER_API_URL: 'http://127.0.0.1:9/api' },
      });
      let partial = '';
      const collect = (chunk: string) => {
        const parts = (partial + chunk).split('\n');
        partial = parts.pop()!;
        for (const line of parts) out.add(line);
      };
      dev.stdout!.setEncoding('utf8').on('data', collect);
      dev.stderr!.setEncoding('utf8').on('data', collect);
      await out.next(/tool server listening/, 0);
      await out.next(BUILT, 0);
      const url = `http://127.0.0.1:${port}`;
      const read = async () =>
        ((await post2025(url, 'resources/read', { uri: `ui://tools/${NAME}` }, await viewsSession(url))).json.result as { contents: Array<{ text: string }> }).contents[0]!.text;
      expect(await read()).toContain(`<title>${NAME}</title>`);

      const index = join(fresh.root, 'tools/views', NAME, 'index.html');
      const mark = out.seen.length;
      const edited = Date.now();
      writeFileSync(index, readFileSync(index, 'utf8').replace(`<title>${NAME}</title>`, `<title>${NAME}, edited</title>`));
      const line = await out.next(BUILT, mark);
      expect(await read()).toContain(`<title>${NAME}, edited</title>`);
      // A second or two on an idle machine, tens of seconds on a loaded one: a figure, never an assertion.
      process.stdout.write(`dev: the edited view was served ${Date.now() - edited} ms after the edit (built in ${BUILT.exec(line)![2]} ms)\n`);
      expect(out.seen.filter((seen) => seen.includes('tool server listening'))).toHaveLength(1); // never restarted
    } finally {
      if (dev?.pid !== undefined && dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
      fresh.remove();
    }
  }, 600_000);
});
