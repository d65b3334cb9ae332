// Where `npm run build` writes each view (cli/build-views): `dist/views/<name>.html` under the project's
// root, whether this runs compiled from dist/ (npm start, Docker) or from src/ (tsx, jest).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ViewNotBuiltError } from './view-not-built-error';

/**
 * The folder `npm run build` writes views into. Compiled, this file is dist/src/resources/built-view.js;
 * from source it is src/resources/built-view.ts. (Not found by looking for package.json: the build copies
 * one into dist/.)
 */
export const VIEWS_DIR = __filename.endsWith('.js') ? join(__dirname, '..', '..', 'views') : join(__dirname, '..', '..', 'dist', 'views');

/** builtView's answer: the view's HTML, and (`shared`) its shared form, which defineView picks up. */
export interface BuiltView {
  (): Promise<string>;
  readonly shared: () => Promise<string>;
}

function reader(name: string, file: string): () => Promise<string> {
  return async function readBuiltView() {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new ViewNotBuiltError(name, { cause: error });
    }
  };
}

/**
 * A view's `html`: reads `dist/views/<name>.html` (and, as `shared`, `dist/views/<name>.shared.html`, sent
 * with VIEW_ASSETS_URL set), or fails with ViewNotBuiltError naming the fix.
 */
export function builtView(name: string, dir: string = VIEWS_DIR): BuiltView {
  return Object.assign(reader(name, join(dir, `${name}.html`)), { shared: reader(name, join(dir, `${name}.shared.html`)) });
}
