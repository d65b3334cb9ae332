// Keeps dist/views/<name>.html current while `npm run dev` runs: one esbuild watcher per view,
// which rebuilds it when its script, anything the script imports, or its index.html changes, in well
// under a second and without tsc. The server reads the file on each resources/read in development. Each
// rebuild writes the shared form too (dist/views/<name>.shared.html), against the runtime built at start:
// the runtime holds only packages (./shared.ts), which a restart of `npm run dev` picks up.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { BuildContext, Plugin } from 'esbuild';
import { buildRuntime, buildSharedView, inlined, scriptOptions, viewNames, viewSource, writeRuntime } from './build';
import { sizeOf } from './size';

export interface ViewWatcher {
  close(): Promise<void>;
}

interface Target {
  dir: string;
  file: string;
  shared: string;
  script: string;
  runtime: string;
}

/** Writes the view (both forms) after each build, and watches its index.html too (esbuild watches only what it bundles). */
function writeView({ dir, file, shared, script, runtime }: Target, report: (line: string) => void, root: string): Plugin {
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
      build.onEnd(async (result) => {
        if (result.errors.length > 0) return report(`view ${relative(root, dir)}: the build failed; still serving the last one built`);
        const html = inlined(viewSource(dir).html, result.outputFiles![0]!.text);
        writeFileSync(file, html);
        let sharedHtml: string;
        try {
          sharedHtml = await buildSharedView(dir, runtime);
        } catch {
          return report(`view ${relative(root, dir)}: its shared form failed to build; still serving the last one built`);
        }
        writeFileSync(shared, sharedHtml);
        const took = Math.round(performance.now() - started);
        report(`built ${relative(root, file)} in ${took} ms (${sizeOf(html)}); shared form ${basename(shared)} (${sizeOf(sharedHtml)})`);
      });
    },
  };
}

/** Builds the runtime, then every view of `root` now and again on each change; `report` gets a line per build. */
export async function watchViews(root: string, report: (line: string) => void, out: string = join(root, 'dist', 'views')): Promise<ViewWatcher> {
  // esbuild is a devDependency: loaded here, in development only.
  const { context } = await import('esbuild');
  mkdirSync(out, { recursive: true });
  const names = viewNames(root);
  const runtime = names.length === 0 ? undefined : await buildRuntime(root);
  if (runtime) report(`built ${relative(root, writeRuntime(out, runtime))} (${sizeOf(runtime.js)}), the runtime every shared form loads`);
  const contexts: BuildContext[] = [];
  for (const name of names) {
    const dir = join(root, 'tools', 'views', name);
    const { script } = viewSource(dir);
    const options = scriptOptions(script);
    const target = { dir, file: join(out, `${name}.html`), shared: join(out, `${name}.shared.html`), script, runtime: runtime!.name };
    const watcher = await context({ ...options, plugins: [...(options.plugins ?? []), writeView(target, report, root)] });
    await watcher.watch();
    contexts.push(watcher);
  }
  return {
    async close() {
      await Promise.all(contexts.map((watcher) => watcher.dispose()));
    },
  };
}
