// What `npm run upgrade-check` reports: from the fork's base release to the template's target commit,
// the settings added, renamed and removed, the fork's .env names checked against the target (never a
// value), and the files both sides changed since the base. All from local git objects.
import { parseChangelog } from './changelog';
import type { Git } from './git';
import { SHARED_FILES } from './ownership';
import { findReleases, type Release } from './releases';
import { diffSettings, documentedSettings, envFileNames, type SettingsDiff } from './settings';

export interface UpgradeCheckInput {
  git: Git;
  /** The template's commit to upgrade to (e.g. template/main, or a release's commit). */
  target: string;
  /** The fork's commit, HEAD by default. */
  fork?: string;
  /** The base commit, when the fork knows better than the newest release it contains. */
  from?: string;
  /** The text of the fork's .env, if it has one. */
  envFile?: string;
}

export interface Side {
  commit: string;
  release?: Release;
  exact: boolean;
}

export interface UpgradeCheck {
  /** The base: the newest release the fork contains, or (before any) the common ancestor. */
  /** Each side's commit, the newest release it contains, and whether it is that release's own commit. */
  base: Side;
  target: Side;
  settings: SettingsDiff;
  /** .env names the target renamed (old → new), removed, or never had; values are never read out. */
  env: { renamed: Array<[string, string]>; removed: string[]; unknown: string[] };
  /** Files both the fork and the template changed since the base: where a merge may conflict. */
  bothChanged: { shared: string[]; other: string[] };
}

/** Raised when a commit given cannot be found, or the fork and target share no history. */
export class UpgradeCheckError extends Error {
  override name = 'UpgradeCheckError';
  readonly code = 'UPGRADE_CHECK_FAILED';
}

function must(git: Git, ref: string): string {
  const commit = git.commit(ref);
  if (commit === undefined) throw new UpgradeCheckError(`no commit ${ref} in this repository (fetch it first: git fetch template)`);
  return commit;
}

/** The newest release a commit contains (releases are newest first). */
function newestIn(git: Git, releases: readonly Release[], commit: string): Release | undefined {
  return releases.find((release) => git.isAncestor(release.commit, commit));
}

function side(git: Git, releases: readonly Release[], commit: string): Side {
  const release = newestIn(git, releases, commit);
  return { commit, ...(release ? { release } : {}), exact: release?.commit === commit };
}

export function checkUpgrade({ git, target: targetRef, fork: forkRef = 'HEAD', from, envFile }: UpgradeCheckInput): UpgradeCheck {
  const target = must(git, targetRef);
  const fork = must(git, forkRef);
  const releases = findReleases(git, target);
  const base = from !== undefined ? must(git, from) : (newestIn(git, releases, fork)?.commit ?? git.mergeBase(fork, target));
  if (base === undefined) throw new UpgradeCheckError(`${forkRef} and ${targetRef} share no commit: is this a fork of the template?`);

  // Renames of every changelog entry the base does not contain yet (Unreleased included).
  const contained = new Set(releases.filter((r) => git.isAncestor(r.commit, base)).map((r) => r.version));
  const newer = parseChangelog(git.show(target, 'CHANGELOG.md') ?? '').filter((entry) => !contained.has(entry.version));
  const renames = new Map(newer.flatMap((entry) => [...entry.renamed]));

  const before = documentedSettings(git.show(base, '.env.example') ?? '');
  const after = documentedSettings(git.show(target, '.env.example') ?? '');
  const settings = diffSettings(before, after, renames);

  const env: UpgradeCheck['env'] = { renamed: [], removed: [], unknown: [] };
  for (const name of new Set(envFileNames(envFile ?? ''))) {
    if (after.has(name)) continue;
    const renamedTo = renames.get(name);
    if (renamedTo !== undefined) env.renamed.push([name, renamedTo]);
    else if (before.has(name)) env.removed.push(name);
    else env.unknown.push(name);
  }

  const forkChanged = new Set(git.changedPaths(base, fork));
  const both = git.changedPaths(base, target).filter((path) => forkChanged.has(path));
  return {
    base: side(git, releases, base),
    target: side(git, releases, target),
    settings,
    env,
    bothChanged: { shared: both.filter((path) => SHARED_FILES.includes(path)), other: both.filter((path) => !SHARED_FILES.includes(path)) },
  };
}

/** Whether the fork's .env must change before the target starts (a renamed or removed name). */
export const envNeedsChanges = (check: UpgradeCheck) => check.env.renamed.length + check.env.removed.length > 0;
