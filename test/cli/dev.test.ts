// `npm run dev` (cli/dev, issue 35): a view's sources edited while it runs are rebuilt by esbuild in a
// second or two, and the running server answers resources/read with the new HTML, without a restart.
// Also the watcher alone: a script, a file it imports and index.html each trigger a rebuild; a broken
// edit keeps the last good build. Run in a copy of the project; every process is ended in afterAll.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { watchViews, type ViewWatcher } from '../../cli/build-views/watch';
import { post2025 } from '../support/mcp-post';
import { freePort } from '../support/processes';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';

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
    next(pattern: RegExp, from = seen.length, timeoutMs = 20_000): Promise<string> {
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

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject('dev-');
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
    await out.next(/^built dist\/views\/search_orders\.html in \d+ ms \(\d+ KB, \d+ KB gzipped\)$/, 0);
    const view = join(copy.root, 'tools/views/search_orders');
    const built = () => readFileSync(join(copy.root, 'dist/views/search_orders.html'), 'utf8');

    for (const [file, from, to, marker] of [
      ['app.ts', "name: 'search_orders view'", "name: 'search_orders view, edited'", '"search_orders view, edited"'],
      ['order-detail.ts', "createdAt: 'Placed'", "createdAt: 'Placed on'", 'createdAt:"Placed on"'],
      ['index.html', '<title>Orders</title>', '<title>Orders, edited</title>', '<title>Orders, edited</title>'],
    ] as const) {
      const mark = out.seen.length;
      writeFileSync(join(view, file), readFileSync(join(view, file), 'utf8').replace(from, to));
      await out.next(/^built dist\/views\/search_orders\.html/, mark);
      expect(built()).toContain(marker);
    }
    const before = built();
    const mark = out.seen.length;
    writeFileSync(join(view, 'app.ts'), `${readFileSync(join(view, 'app.ts'), 'utf8')}\nconst broken: = ;\n`);
    expect(await out.next(/search_orders/, mark)).toBe('view tools/views/search_orders: the build failed; still serving the last one built');
    expect(built()).toBe(before);
  }, 60_000);
});

describe('npm run dev', () => {
  let dev: ChildProcess | undefined;
  afterAll(() => {
    // The dev entry and the server it started: one process group, ended together.
    if (dev?.pid !== undefined && dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  });

  it('serves a view edited while it runs, rebuilt in a second or two, without a restart', async () => {
    const fresh = copyProject('dev-run-');
    try {
      const port = await freePort();
      const out = lines();
      dev = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'cli/dev/main.ts'], {
        cwd: fresh.root,
        env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_FORMAT: 'json' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let partial = '';
      const collect = (chunk: string) => {
        const parts = (partial + chunk).split('\n');
        partial = parts.pop()!;
        for (const line of parts) out.add(line);
      };
      dev.stdout!.setEncoding('utf8').on('data', collect);
      dev.stderr!.setEncoding('utf8').on('data', collect);
      await out.next(/tool server listening/, 0, 30_000);
      await out.next(/^dev: built dist\/views\/search_orders\.html/, 0);
      const url = `http://127.0.0.1:${port}`;
      const read = async () =>
        ((await post2025(url, 'resources/read', { uri: 'ui://orders/search_orders' })).json.result as { contents: Array<{ text: string }> }).contents[0]!.text;
      expect(await read()).toContain('<title>Orders</title>');

      const index = join(fresh.root, 'tools/views/search_orders/index.html');
      const mark = out.seen.length;
      const edited = Date.now();
      writeFileSync(index, readFileSync(index, 'utf8').replace('<title>Orders</title>', '<title>Orders, edited</title>'));
      const line = await out.next(/^dev: built dist\/views\/search_orders\.html in (\d+) ms/, mark);
      expect(await read()).toContain('<title>Orders, edited</title>');
      const elapsed = Date.now() - edited;
      // A second or two on an idle machine; this bound leaves room for a busy CI runner.
      expect(elapsed).toBeLessThan(5_000);
      expect(Number(/in (\d+) ms/.exec(line)![1])).toBeLessThan(5_000);
      expect(out.seen.filter((seen) => seen.includes('tool server listening'))).toHaveLength(1); // never restarted
    } finally {
      if (dev?.pid !== undefined && dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
      fresh.remove();
    }
  }, 90_000);
});
