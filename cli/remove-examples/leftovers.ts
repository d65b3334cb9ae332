// What the examples leave outside tools/ and example-api/ (issue 27): a build in dist/ that still serves
// them, docs passages about them, and the .env.example note that the example API stands in for yours.
// A passage of docs/*.md that only holds for the examples sits between the two markers below.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_API, EXAMPLE_MODULES } from './examples';

export const DOCS_START = '<!-- examples:start -->';
export const DOCS_END = '<!-- examples:end -->';
/** The .env.example line that says the example API is used when CUSTOMER_API_URL is unset, and what replaces it. */
export const ENV_EXAMPLE_LINE = '# Unset outside production: the bundled example API starts in-process and is used instead.';
export const ENV_FORK_LINE = '# Required: this fork has no example API (npm run remove-examples deleted it).';
/** pretest's type-check cache: kept, as `npm run build` keeps it (its entries for deleted files are dropped by tsc). */
const KEPT_IN_DIST = '.test.tsbuildinfo';

/** Removes the examples' leftovers under root; returns what it changed, as paths relative to root. */
export function removeLeftovers(root: string): { emptied: string[]; edited: string[] } {
  const emptied: string[] = [];
  const dist = join(root, 'dist');
  // A build with the examples in it; one made after the removal is left alone.
  const stale = [EXAMPLE_API, ...EXAMPLE_MODULES.map((module) => `tools/${module}.js`)].some((path) => existsSync(join(dist, path)));
  if (stale) {
    for (const entry of readdirSync(dist).filter((name) => name !== KEPT_IN_DIST)) rmSync(join(dist, entry), { recursive: true, force: true });
    emptied.push('dist/');
  }

  const edited: string[] = [];
  const envExample = join(root, '.env.example');
  if (existsSync(envExample)) {
    const text = readFileSync(envExample, 'utf8');
    if (text.includes(ENV_EXAMPLE_LINE)) {
      writeFileSync(envExample, text.replace(ENV_EXAMPLE_LINE, ENV_FORK_LINE));
      edited.push('.env.example');
    }
  }
  const docs = join(root, 'docs');
  for (const file of existsSync(docs) ? readdirSync(docs).filter((name) => name.endsWith('.md')) : []) {
    const text = readFileSync(join(docs, file), 'utf8');
    const without = withoutExamplePassages(text);
    if (without !== text) {
      writeFileSync(join(docs, file), without);
      edited.push(`docs/${file}`);
    }
  }
  return { emptied, edited };
}

/** The text without its example passages (markers included, and the blank line after each passage). */
export function withoutExamplePassages(text: string): string {
  const passage = new RegExp(`^${DOCS_START}\\n[\\s\\S]*?^${DOCS_END}\\n(\\n)?`, 'gm');
  return text.replace(passage, '');
}
