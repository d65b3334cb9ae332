// Builds each MCP Apps view under tools/views/<name>/ (index.html and the script it names) into one
// self-contained file, dist/views/<name>.html: the script bundled by esbuild and inlined, so the view
// needs no network. Run by `npm run build`, never by the server (src/resources/built-view.ts reads it).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class ViewBuildError extends Error {
  override name = 'ViewBuildError';
  readonly code = 'VIEW_BUILD';
}

/** `<script type="module" src="./app.ts"></script>`: the one script a view's index.html names. */
const SCRIPT = /<script\s+type="module"\s+src="\.\/([\w.-]+\.ts)"\s*><\/script>/;

/** One view's HTML with its script bundled and inlined. */
export async function buildView(dir: string): Promise<string> {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const script = SCRIPT.exec(html);
  if (!script) throw new ViewBuildError(`${join(dir, 'index.html')} names no <script type="module" src="./<file>.ts"></script> to inline`);
  // esbuild is a devDependency: loaded here, at build time only.
  const { build } = await import('esbuild');
  const bundled = await build({
    entryPoints: [join(dir, script[1]!)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    legalComments: 'none',
  });
  const js = bundled.outputFiles[0]!.text.replace(/<\/script/gi, '<\\/script');
  return html.replace(SCRIPT, () => `<script>${js}</script>`);
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
