// Builds each MCP Apps view under tools/views/<name>/ (index.html and the script it names) into one
// self-contained file, dist/views/<name>.html: the script bundled by esbuild, minified and inlined, so the
// view needs no network. Also its shared form, dist/views/<name>.shared.html, which loads the one runtime
// all views share, dist/views/runtime-<hash>.js (./shared.ts). Run by `npm run build` (and kept current by
// `npm run dev`, ./watch.ts), never by the server (src/resources/built-view.ts reads the files).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions, Plugin } from 'esbuild';
import { BROWSER_BUNDLE, fromRuntime, runtimeFileName, runtimeOptions } from './shared';

export class ViewBuildError extends Error {
  override name = 'ViewBuildError';
  readonly code = 'VIEW_BUILD';
}

/** `<script type="module" src="./app.ts"></script>`: the one script a view's index.html names. */
const SCRIPT = /<script\s+type="module"\s+src="\.\/([\w.-]+\.ts)"\s*><\/script>/;

/**
 * zod's 60-odd locales other than English, which ext-apps' SDK pulls in whole (`export * as locales`): no
 * view asks for them, and they were 260 KB of a 670 KB view. Each becomes a locale with no messages.
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

/** A view's two forms: self-contained (the default), or `shared`, its shared modules read from the runtime. */
export type ViewForm = 'inline' | 'shared';

/** esbuild's options for a view's script (shared by the build and the watcher). */
export function scriptOptions(script: string, form: ViewForm = 'inline'): BuildOptions & { write: false } {
  return {
    entryPoints: [script],
    ...BROWSER_BUNDLE,
    plugins: form === 'shared' ? [fromRuntime, zodEnglishOnly] : [zodEnglishOnly],
  };
}

/**
 * The HTML with its script inlined; with `runtimeFile`, preceded by a classic script that loads the runtime
 * (the server makes its `src` absolute: src/resources/view-assets.ts). Classic scripts run in order, so the
 * runtime's global is set before the view's script reads it.
 */
export function inlined(html: string, js: string, runtimeFile?: string): string {
  const safe = js.replace(/<\/script/gi, '<\\/script');
  const runtime = runtimeFile === undefined ? '' : `<script src="${runtimeFile}"></script>`;
  return html.replace(SCRIPT, () => `${runtime}<script>${safe}</script>`);
}

/** One view's HTML with its script bundled and inlined. */
export async function buildView(dir: string): Promise<string> {
  const { html, script } = viewSource(dir);
  // esbuild is a devDependency: loaded here, at build time only.
  const { build } = await import('esbuild');
  const bundled = await build(scriptOptions(script));
  return inlined(html, bundled.outputFiles[0]!.text);
}

/** The view's shared form: its script without SHARED_MODULES, after a script that loads `runtimeFile`. */
export async function buildSharedView(dir: string, runtimeFile: string): Promise<string> {
  const { html, script } = viewSource(dir);
  const { build } = await import('esbuild');
  const bundled = await build(scriptOptions(script, 'shared'));
  return inlined(html, bundled.outputFiles[0]!.text, runtimeFile);
}

/** The runtime every shared form loads: its file name (content-hashed) and its script. */
export async function buildRuntime(root: string): Promise<{ name: string; js: string }> {
  const { build } = await import('esbuild');
  const js = (await build(runtimeOptions(root, [zodEnglishOnly]))).outputFiles[0]!.text;
  return { name: runtimeFileName(js), js };
}

/** Writes the runtime into `out`, removing the runtimes of earlier builds; returns its path. */
export function writeRuntime(out: string, runtime: { name: string; js: string }): string {
  mkdirSync(out, { recursive: true });
  for (const old of readdirSync(out)) if (/^runtime-[0-9a-f]+\.js$/.test(old) && old !== runtime.name) rmSync(join(out, old));
  const file = join(out, runtime.name);
  writeFileSync(file, runtime.js);
  return file;
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

/** What buildViews wrote: the runtime (undefined when there is no view), and each view's two files. */
export interface BuiltViews {
  runtime: string | undefined;
  views: Array<{ name: string; file: string; shared: string }>;
}

/** Builds every view of `root` into `out` (default `root`/dist/views), in both forms, and the runtime once. */
export async function buildViews(root: string, out: string = join(root, 'dist', 'views')): Promise<BuiltViews> {
  const names = viewNames(root);
  if (names.length === 0) return { runtime: undefined, views: [] };
  const runtime = await buildRuntime(root);
  const written: BuiltViews = { runtime: writeRuntime(out, runtime), views: [] };
  for (const name of names) {
    const dir = join(root, 'tools', 'views', name);
    const file = join(out, `${name}.html`);
    const shared = join(out, `${name}.shared.html`);
    writeFileSync(file, await buildView(dir));
    writeFileSync(shared, await buildSharedView(dir, runtime.name));
    written.views.push({ name, file, shared });
  }
  return written;
}
