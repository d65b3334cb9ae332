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

/** A view's `html`: reads `dist/views/<name>.html`, or fails with ViewNotBuiltError naming the fix. */
export function builtView(name: string, dir: string = VIEWS_DIR): () => Promise<string> {
  return async function readBuiltView() {
    try {
      return await readFile(join(dir, `${name}.html`), 'utf8');
    } catch (error) {
      throw new ViewNotBuiltError(name, { cause: error });
    }
  };
}
