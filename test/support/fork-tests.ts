// Which tests a fork's change can turn red, for CI's copies (scripts/fork-sim.sh, scripts/upgrade-walk.sh):
//   tsx test/support/fork-tests.ts --base <commit>      the changes: this tree against that commit (git)
//   tsx test/support/fork-tests.ts --changed <file>…    the changes, as listed (a copy without git of its own)
// Prints the test files to run, one a line, or ALL.
// CI's main run has tested this commit's whole tree. A copy differs from it only where the fork's steps
// wrote (tools/, tools/index.ts, README and docs, example-api/ removed, package.json's name, a .env), so the
// suite there needs only the tests those files can reach; the pretest type-check still covers every file.
// A test can reach a file three ways, and each is counted:
//   - it imports it, directly or not: jest's own dependency graph (--findRelatedTests on the changed files);
//   - it reads the tree or starts its entry at run time (README, docs/, tools/, example-api/, package.json,
//     .env, src/index.ts, npm run …): such files are found by their code and their dependents added likewise;
//   - it lives beside the examples or the commands (tools/, example-api/, cli/, hub-emulator/) or checks the
//     tree as a whole (test/cli, test/docs, test/entry, test/hermetic): always run.
// A change anywhere else (src/, test/support/, the compiler or jest settings, a dependency) prints ALL.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const [mode, ...rest] = process.argv.slice(2);
if (mode !== '--base' && mode !== '--changed') {
  process.stderr.write('usage: tsx test/support/fork-tests.ts --base <commit> | --changed <file>…\n');
  process.exit(2);
}
const base = mode === '--base' ? rest[0] ?? 'HEAD' : undefined;

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
/** Changed, added, deleted or untracked (ignored files such as .env are not: see the second rule). */
const listed = base === undefined ? rest : [...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')];
// node_modules may be a symbolic link in a copy, which .gitignore's `node_modules/` does not match.
const candidates = [...new Set(listed.map((file) => file.replace(/^\.\//, '')))].filter((file) => !/^(node_modules|dist|coverage)(\/|$)/.test(file));
/**
 * What the steps left that git ignores (logs, .data/, bench results): run-time leftovers, not changes. A
 * .env is kept: the docs' copy writes one as a user would, and the tests that read it must run.
 */
function ignoredByGit(files: readonly string[]): Set<string> {
  if (files.length === 0 || !existsSync(join(root, '.git'))) return new Set();
  try {
    return new Set(execFileSync('git', ['check-ignore', '--stdin'], { cwd: root, encoding: 'utf8', input: files.join('\n') }).split('\n').filter(Boolean));
  } catch (error) {
    // Exit 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
}
const ignored = ignoredByGit(candidates);
const changed = candidates.filter((file) => !ignored.has(file) || /^\.env/.test(file));

/** Files a fork's steps may change without reaching the framework's tests except through the rules above. */
// .env: the docs' copy writes one as a user would; the tests that read one (they start the entry) are run.
const FORK_AREAS = /^(tools\/|example-api\/|docs\/|README\.md$|CHANGELOG\.md$|\.env(\.example)?$|tsconfig\.tools\.json$)/;
/** package.json and the lockfile: a fork renames the package; any other change (a dependency) runs everything. */
function onlyRenamed(file: 'package.json' | 'package-lock.json'): boolean {
  const strip = (text: string) => {
    const json = JSON.parse(text) as Record<string, unknown> & { packages?: Record<string, Record<string, unknown>> };
    const { name: _name, description: _description, ...rest } = json;
    const own = rest.packages?.[''];
    if (own) rest.packages = { ...rest.packages, '': { ...own, name: undefined } };
    return JSON.stringify(rest);
  };
  if (base === undefined) return false; // nothing to compare with: a dependency may have changed
  const before = execFileSync('git', ['show', `${base}:${file}`], { cwd: root, encoding: 'utf8' });
  return existsSync(join(root, file)) && strip(before) === strip(readFileSync(join(root, file), 'utf8'));
}
const framework = changed.filter((file) => {
  if (FORK_AREAS.test(file)) return false;
  if (file === 'package.json' || file === 'package-lock.json') return !onlyRenamed(file);
  // A test file the fork's step changed (remove-examples edits some): run it, as it is now.
  if (/^test\/.*\.test\.ts$/.test(file) && !file.startsWith('test/support/')) return false;
  // A test, or a test's own helper, the step deleted (remove-examples takes test/hosts, which drives the
  // examples): nothing is left to run, and a test still importing it fails the pretest type-check. The
  // shared kit (test/support/) is not a fork's to delete: gone from there, everything runs.
  if (file.startsWith('test/') && !file.startsWith('test/support/') && !existsSync(join(root, file))) return false;
  return true;
});
if (framework.length > 0) {
  process.stderr.write(`fork-tests: changed beyond a fork's areas (${framework.slice(0, 5).join(', ')}${framework.length > 5 ? '…' : ''}): the whole suite\n`);
  process.stdout.write('ALL\n');
  process.exit(0);
}

function filesUnder(dir: string, match: RegExp): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => match.test(path) && !path.includes('node_modules'));
}

/** Code (comments taken out) that reads the tree or starts its entry at run time. */
const READS_THE_TREE =
  /(ROOT|__dirname|root)[^;\n]*['"/](tools|README\.md|docs|example-api|package\.json|\.env(\.example)?|src\/index\.ts)['"/]|startEntry|src\/index|readmeTool|docsPages|npm run|['"/]\.env(\.\w+)?['"]/;
const code = (path: string) =>
  readFileSync(join(root, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
const readers = filesUnder('test', /\.ts$/).filter((path) => READS_THE_TREE.test(code(path)));

const ALWAYS = ['tools', 'example-api', 'cli', 'hub-emulator', 'test/cli', 'test/docs', 'test/entry', 'test/hermetic'];
const always = ALWAYS.flatMap((dir) => filesUnder(dir, /\.test\.ts$/));

const inputs = [...changed.filter((file) => existsSync(join(root, file))), ...readers];
const related = execFileSync(process.execPath, [join(root, 'node_modules/jest/bin/jest.js'), '--listTests', '--findRelatedTests', ...inputs], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 16 * 1024 * 1024,
})
  .split('\n')
  .filter((line) => line.endsWith('.test.ts'))
  .map((path) => relative(root, path));

const tests = [...new Set([...always, ...related])].sort();
process.stderr.write(`fork-tests: ${changed.length} files changed${base === undefined ? '' : ` since ${base}`}; ${tests.length} test files can see them\n`);
process.stdout.write(`${tests.join('\n')}\n`);
