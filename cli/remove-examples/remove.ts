// Deletes the examples under a project root (injectable for tests) and takes them out of tools/index.ts.
// Checks everything before deleting anything, so a refusal leaves the project as it was; a second run
// finds nothing to do.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_API, EXAMPLE_DOCS, EXAMPLE_MATRIX, EXAMPLE_MODULES, EXAMPLE_TESTS, EXAMPLE_VIEWS } from './examples';
import { withoutModules } from './index-file';
import { removeLeftovers } from './leftovers';

export interface Removal {
  /** Paths deleted, relative to root ("example-api/", "tools/get_order.ts"). */
  deleted: string[];
  /** Modules taken out of tools/index.ts. */
  unlisted: string[];
  /** Example files kept because a file of the fork imports them, with that reason. */
  kept: string[];
  /** The entries left in the `tools` list. */
  remaining: string[];
  /** Folders emptied (dist/, whose build still served the examples). */
  emptied: string[];
}

const toolsDir = (root: string) => join(root, 'tools');

/** Example modules that the fork's own files in tools/ import, each with the files that import it. */
function importedByFork(root: string): Map<string, string[]> {
  const ours = new Set([...EXAMPLE_MODULES.map((module) => `${module}.ts`), ...EXAMPLE_TESTS, 'index.ts']);
  const users = new Map<string, string[]>();
  if (!existsSync(toolsDir(root))) return users;
  for (const file of readdirSync(toolsDir(root)).filter((name) => name.endsWith('.ts') && !ours.has(name))) {
    const source = readFileSync(join(toolsDir(root), file), 'utf8');
    for (const [, module = ''] of source.matchAll(/from\s+'\.\/([\w.-]+?)(?:\.js)?'/g)) {
      if (EXAMPLE_MODULES.includes(module)) users.set(module, [...(users.get(module) ?? []), `tools/${file}`]);
    }
  }
  return users;
}

export function removeExamples(root: string): Removal {
  const users = importedByFork(root);
  const kept = [...users].map(([module, files]) => `tools/${module}.ts (imported by ${files.join(', ')})`);
  const removable = EXAMPLE_MODULES.filter((module) => !users.has(module));

  const indexPath = join(toolsDir(root), 'index.ts');
  const index = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const rewritten = index === undefined ? undefined : withoutModules(index, new Set(removable)); // throws before anything is deleted

  const deleted: string[] = [];
  for (const folder of [EXAMPLE_API, EXAMPLE_DOCS].filter((path) => existsSync(join(root, path)))) {
    rmSync(join(root, folder), { recursive: true, force: true });
    deleted.push(`${folder}/`);
  }
  for (const path of EXAMPLE_MATRIX.filter((path) => existsSync(join(root, path)))) {
    const folder = !path.endsWith('.ts');
    rmSync(join(root, path), { recursive: true, force: true });
    deleted.push(folder ? `${path}/` : path);
  }
  for (const file of [...removable.map((module) => `${module}.ts`), ...EXAMPLE_TESTS]) {
    if (!existsSync(join(toolsDir(root), file))) continue;
    rmSync(join(toolsDir(root), file));
    deleted.push(`tools/${file}`);
  }
  // A view's sources go with its definition (tools/<name>.view.ts), unless the fork still imports that.
  for (const view of EXAMPLE_VIEWS.filter((name) => removable.includes(`${name}.view`))) {
    const dir = join(toolsDir(root), 'views', view);
    if (!existsSync(dir)) continue;
    rmSync(dir, { recursive: true, force: true });
    deleted.push(`tools/views/${view}/`);
  }
  const views = join(toolsDir(root), 'views');
  if (existsSync(views) && readdirSync(views).length === 0) rmSync(views, { recursive: true });
  if (rewritten && rewritten.removed.length > 0) writeFileSync(indexPath, rewritten.text);
  const list = /readonly Tool\[\]\s*=\s*\[([\s\S]*?)\]/.exec(rewritten?.text ?? '')?.[1] ?? '';
  const remaining = list.split(',').map((item) => item.trim()).filter(Boolean);
  return { deleted, unlisted: rewritten?.removed ?? [], kept, remaining, ...removeLeftovers(root) };
}

/** What happened, as the lines the command prints. */
export function describeRemoval({ deleted, unlisted, kept, remaining, emptied }: Removal): string[] {
  const lines = [
    ...deleted.map((path) => `deleted ${path}`),
    ...(unlisted.length > 0
      ? [`tools/index.ts: took out ${unlisted.join(', ')}; the list now holds ${remaining.length === 0 ? 'no tools' : remaining.join(', ')}`]
      : []),
    ...kept.map((reason) => `kept ${reason}: delete it once nothing imports it`),
    ...emptied.map((path) => `emptied ${path}: its build still served the examples (npm start builds again)`),
  ];
  if (deleted.length === 0 && unlisted.length === 0) return ['nothing left to remove: the examples are already gone', ...lines];
  return [...lines, 'done: set CUSTOMER_API_URL to your API (without example-api/ the server needs it), then `npm test`.'];
}
