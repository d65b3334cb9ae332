// The few read-only git questions `npm run upgrade-check` asks, over a repository on disk. Nothing here
// fetches: a fork runs `git fetch template` itself, so the check works offline and on any clone.
import { execFileSync } from 'node:child_process';

export interface Git {
  /** The full hash of a commit-ish, or undefined when the repository has no such commit. */
  commit(ref: string): string | undefined;
  /** A file's text at a commit, or undefined when the file is not there. */
  show(commit: string, path: string): string | undefined;
  /** Commits in `ref`'s history that changed `path` (merges included), newest first. */
  changes(ref: string, path: string): string[];
  /** A commit's parents. */
  parents(commit: string): string[];
  isAncestor(ancestor: string, descendant: string): boolean;
  mergeBase(a: string, b: string): string | undefined;
  /** Paths that differ between two commits. */
  changedPaths(from: string, to: string): string[];
}

/** Raised when git itself fails (not a repository, git missing): the check cannot answer. */
export class GitError extends Error {
  override name = 'GitError';
  readonly code = 'GIT_FAILED';
}

export function createGit(cwd: string): Git {
  /** stdout of a git command, or undefined when it exits non-zero (a missing commit, a missing file). */
  const tryRun = (args: readonly string[]): string | undefined => {
    try {
      return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new GitError('git is not installed', { cause: error });
      return undefined;
    }
  };
  const run = (args: readonly string[]): string => {
    const out = tryRun(args);
    if (out === undefined) throw new GitError(`git ${args.join(' ')} failed in ${cwd}`);
    return out;
  };
  const lines = (text: string) => text.split('\n').filter((line) => line !== '');

  return {
    commit: (ref) => tryRun(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])?.trim() || undefined,
    show: (commit, path) => tryRun(['show', `${commit}:${path}`]),
    changes: (ref, path) => lines(run(['rev-list', '--full-history', ref, '--', path])),
    parents: (commit) => lines(run(['rev-parse', `${commit}^@`])),
    isAncestor: (ancestor, descendant) => tryRun(['merge-base', '--is-ancestor', ancestor, descendant]) !== undefined,
    mergeBase: (a, b) => tryRun(['merge-base', a, b])?.trim() || undefined,
    changedPaths: (from, to) => lines(run(['diff', '--name-only', '--no-renames', from, to])),
  };
}
