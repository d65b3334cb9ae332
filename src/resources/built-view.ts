// Where `npm run build` writes each view (scripts/build-views.ts): `dist/views/<name>.html` under the
// project's root, found from this file whether it runs from src/ (tsx, jest) or dist/ (npm start, Docker).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ViewNotBuiltError } from './view-not-built-error';

/** The nearest folder above this file that holds package.json. */
function projectRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}

/** The folder `npm run build` writes views into. */
export const VIEWS_DIR = join(projectRoot(), 'dist', 'views');

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
