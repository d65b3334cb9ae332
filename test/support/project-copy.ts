// A copy of this project in a temporary folder (node_modules linked, not copied), for tests that run a
// scaffold or generator and then type-check and test what it wrote, without touching the real tree.
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runChild } from './children';

export const ROOT = join(__dirname, '../..');
const SKIPPED = new Set(['node_modules', '.git', 'dist', 'coverage']);
/**
 * The developer's own settings never reach a copy: `.env` and its variants (`.env.local`, …),
 * but `.env.example`, which the template ships. A copy's servers get their settings from the test.
 */
export const isDevelopersEnvFile = (name: string): boolean => /^\.env(\..+)?$/.test(name) && name !== '.env.example';

/** Gives a project folder an empty tools/ (an index listing none): generated tools then collide with no example's name. */
export function emptyTools(root: string): void {
  rmSync(join(root, 'tools'), { recursive: true, force: true });
  mkdirSync(join(root, 'tools'), { recursive: true });
  writeFileSync(join(root, 'tools/index.ts'), "import type { Tool } from '../src/tools';\n\nexport const tools: readonly Tool[] = [];\n");
}

export interface ProjectCopy {
  root: string;
  /** Runs `node <args>` in the copy; resolves with the exit code and the combined output. */
  node(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }>;
  /** Type-checks the copy's tools/ (and what they import) with the project's compiler settings. */
  typecheckTools(): Promise<{ code: number | null; output: string }>;
  /** Type-checks the whole copy (tsconfig.json), as `npm test`'s pretest does. */
  typecheck(): Promise<{ code: number | null; output: string }>;
  /** Runs the copy's jest on test files matching `pattern` (`env` adds variables). */
  jest(pattern: string, env?: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }>;
  remove(): void;
}

export function copyProject(prefix = 'project-copy-', from = ROOT): ProjectCopy {
  const root = mkdtempSync(join(tmpdir(), prefix));
  cpSync(from, root, {
    recursive: true,
    filter: (source) => {
      const [top = '', ...rest] = relative(from, source).split(/[\\/]/);
      return !SKIPPED.has(top) && !(rest.length === 0 && isDevelopersEnvFile(top));
    },
  });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');

  const node: ProjectCopy['node'] = async (args, env = {}) => {
    const { code, output } = await runChild(process.execPath, args, { cwd: root, env: { ...process.env, ...env } }, 600_000);
    return { code, output };
  };

  // The type-checks below start from this project's own pretest cache (dist/.test.tsbuildinfo, when
  // `npm test` made one), so tsc checks again only what differs in the copy: a few seconds instead of a
  // full check each. The cache names files relative to itself, so the copy's compiler must see the same
  // relative paths: its own node_modules/typescript, with the symlink to node_modules kept, not resolved.
  // Without a cache (`npx jest <file>`) the check is a full one; either way every file is checked.
  const cache = join(ROOT, 'dist/.test.tsbuildinfo');
  const typecheck = (tsconfig: string) => {
    mkdirSync(join(root, 'dist'), { recursive: true });
    if (existsSync(cache)) copyFileSync(cache, join(root, 'dist/.copy.tsbuildinfo'));
    const tsc = ['--preserve-symlinks', '--preserve-symlinks-main', join(root, 'node_modules/typescript/bin/tsc')];
    return node([...tsc, '--noEmit', '-p', tsconfig, '--preserveSymlinks', '--incremental', '--tsBuildInfoFile', 'dist/.copy.tsbuildinfo']);
  };

  return {
    root,
    node,
    typecheckTools() {
      writeFileSync(join(root, 'tsconfig.tools.json'), JSON.stringify({ extends: './tsconfig.json', include: ['tools'] }));
      return typecheck('tsconfig.tools.json');
    },
    typecheck: () => typecheck('tsconfig.json'),
    // In band: these run inside a test, beside other suites; one process is enough and fights less for CPU.
    jest: (pattern, env) => node([join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--runInBand', pattern], env),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
