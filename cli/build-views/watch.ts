// Keeps dist/views/<name>.html current while `npm run dev` runs (issue 35): one esbuild watcher per view,
// which rebuilds it when its script, anything the script imports, or its index.html changes, in well
// under a second and without tsc. The server reads the file on each resources/read in development.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { BuildContext, Plugin } from 'esbuild';
import { inlined, scriptOptions, viewNames, viewSource } from './build';
import { sizeOf } from './size';

export interface ViewWatcher {
  close(): Promise<void>;
}

/** Writes the view after each build, and watches its index.html too (esbuild watches only what it bundles). */
function writeView(dir: string, file: string, script: string, report: (line: string) => void, root: string): Plugin {
  return {
    name: 'write-view',
    setup(build) {
      let started = 0;
      build.onStart(() => {
        started = performance.now();
      });
      build.onLoad({ filter: /\.ts$/ }, (args) =>
        args.path === script ? { contents: readFileSync(script, 'utf8'), loader: 'ts', watchFiles: [join(dir, 'index.html')] } : undefined,
      );
      build.onEnd((result) => {
        if (result.errors.length > 0) return report(`view ${relative(root, dir)}: the build failed; still serving the last one built`);
        const html = inlined(viewSource(dir).html, result.outputFiles![0]!.text);
        writeFileSync(file, html);
        report(`built ${relative(root, file)} in ${Math.round(performance.now() - started)} ms (${sizeOf(html)})`);
      });
    },
  };
}

/** Builds every view of `root` now and again on each change; `report` gets a line per build. */
export async function watchViews(root: string, report: (line: string) => void, out: string = join(root, 'dist', 'views')): Promise<ViewWatcher> {
  // esbuild is a devDependency: loaded here, in development only.
  const { context } = await import('esbuild');
  mkdirSync(out, { recursive: true });
  const contexts: BuildContext[] = [];
  for (const name of viewNames(root)) {
    const dir = join(root, 'tools', 'views', name);
    const { script } = viewSource(dir);
    const options = scriptOptions(script);
    const watcher = await context({ ...options, plugins: [...(options.plugins ?? []), writeView(dir, join(out, `${name}.html`), script, report, root)] });
    await watcher.watch();
    contexts.push(watcher);
  }
  return {
    async close() {
      await Promise.all(contexts.map((watcher) => watcher.dispose()));
    },
  };
}
