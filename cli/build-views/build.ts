// Builds each MCP Apps view under tools/views/<name>/ (index.html and the script it names) into one
// self-contained file, dist/views/<name>.html: the script bundled by esbuild, minified and inlined, so the
// view needs no network. Run by `npm run build` (and kept current by `npm run dev`, ./watch.ts), never by
// the server (src/resources/built-view.ts reads the file).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';

export class ViewBuildError extends Error {
  override name = 'ViewBuildError';
  readonly code = 'VIEW_BUILD';
}

/** `<script type="module" src="./app.ts"></script>`: the one script a view's index.html names. */
const SCRIPT = /<script\s+type="module"\s+src="\.\/([\w.-]+\.ts)"\s*><\/script>/;

/**
 * zod's 60-odd locales other than English, which ext-apps' SDK pulls in whole (`export * as locales`): no
 * view asks for them, and they were 260 KB of a 670 KB view (issue 35). Each becomes a locale with no messages.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) =>
      /zod[\\/]v4[\\/]locales[\\/]index\.js$/.test(args.importer) && args.path !== './en.js' ? { path: args.path, namespace: 'zod-locale' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locale' }, () => ({ contents: 'export default () => ({ localeError: () => undefined });', loader: 'js' }));
  },
};

/** The view's index.html and the path of the script it names. */
export function viewSource(dir: string): { html: string; script: string } {
  const file = join(dir, 'index.html');
  const html = readFileSync(file, 'utf8');
  const script = SCRIPT.exec(html);
  if (!script) throw new ViewBuildError(`${file} names no <script type="module" src="./<file>.ts"></script> to inline`);
  return { html, script: join(dir, script[1]!) };
}

/** esbuild's options for a view's script (shared by the build and the watcher). */
export function scriptOptions(script: string): BuildOptions & { write: false } {
  return {
    entryPoints: [script],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
    plugins: [zodEnglishOnly],
  };
}

/** The HTML with its script inlined. */
export function inlined(html: string, js: string): string {
  const safe = js.replace(/<\/script/gi, '<\\/script');
  return html.replace(SCRIPT, () => `<script>${safe}</script>`);
}

/** One view's HTML with its script bundled and inlined. */
export async function buildView(dir: string): Promise<string> {
  const { html, script } = viewSource(dir);
  // esbuild is a devDependency: loaded here, at build time only.
  const { build } = await import('esbuild');
  const bundled = await build(scriptOptions(script));
  return inlined(html, bundled.outputFiles[0]!.text);
}

/** The views under `root`/tools/views: each folder with an index.html. */
export function viewNames(root: string): string[] {
  const views = join(root, 'tools', 'views');
  if (!existsSync(views)) return [];
  return readdirSync(views, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(views, entry.name, 'index.html')))
    .map((entry) => entry.name)
    .sort();
}

/** Builds every view of `root` into `out` (default `root`/dist/views); returns the files written. */
export async function buildViews(root: string, out: string = join(root, 'dist', 'views')): Promise<string[]> {
  const written: string[] = [];
  for (const name of viewNames(root)) {
    const html = await buildView(join(root, 'tools', 'views', name));
    mkdirSync(out, { recursive: true });
    const file = join(out, `${name}.html`);
    writeFileSync(file, html);
    written.push(file);
  }
  return written;
}
