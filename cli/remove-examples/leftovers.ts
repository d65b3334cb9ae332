// What the examples leave outside tools/ and example-api/: a build in dist/ that still serves
// them. Their docs live in docs/examples/, deleted with them (examples.ts); no file the template or a
// fork edits is rewritten here, so a later release meets a deletion, never a content conflict.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_API, EXAMPLE_MODULES } from './examples';

/** pretest's type-check cache: kept, as `npm run build` keeps it (its entries for deleted files are dropped by tsc). */
const KEPT_IN_DIST = '.test.tsbuildinfo';

/** Empties dist/ under root when a build there still holds the examples; returns it, relative to root. */
export function removeLeftovers(root: string): { emptied: string[] } {
  const dist = join(root, 'dist');
  // A build with the examples in it; one made after the removal is left alone.
  const stale = [EXAMPLE_API, ...EXAMPLE_MODULES.map((module) => `tools/${module}.js`)].some((path) => existsSync(join(dist, path)));
  if (!stale) return { emptied: [] };
  for (const entry of readdirSync(dist).filter((name) => name !== KEPT_IN_DIST)) rmSync(join(dist, entry), { recursive: true, force: true });
  return { emptied: ['dist/'] };
}
