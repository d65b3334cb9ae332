// Where each release is in git, without tags (a clone may not carry them): the commit the changelog
// names, or else the oldest commit on the template's first-parent line whose package.json has that version
// (the release commit sets it). In a fork's history, whose first-parent line is the fork's own and may
// never have carried the version (a fork that keeps a version of its own), all of history is searched.
import { isRelease, parseChangelog } from './changelog';
import type { Git } from './git';

export interface Release {
  version: string;
  commit: string;
  date?: string;
}

/** A release the changelog lists whose commit this repository does not have (a shallow clone). */
export class ReleaseNotFoundError extends Error {
  override name = 'ReleaseNotFoundError';
  readonly code = 'RELEASE_NOT_FOUND';
  constructor(readonly version: string, ref: string) {
    super(`release ${version} is in ${ref}'s CHANGELOG.md but no commit of ${ref} sets that version (a shallow clone? fetch the full history)`);
  }
}

/** The version in a package.json text, if it parses. */
function versionOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const version: unknown = (JSON.parse(text) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** version → the oldest commit that has it (the list is newest first, so the last seen wins). */
function oldestWithEachVersion(git: Git, ref: string, firstParent: boolean): Map<string, string> {
  const oldest = new Map<string, string>();
  for (const commit of git.changes(ref, 'package.json', firstParent)) {
    const version = versionOf(git.show(commit, 'package.json'));
    if (version !== undefined) oldest.set(version, commit);
  }
  return oldest;
}

/** The releases in `ref`'s CHANGELOG.md, newest first, each with its commit. */
export function findReleases(git: Git, ref: string): Release[] {
  const entries = parseChangelog(git.show(ref, 'CHANGELOG.md') ?? '').filter(isRelease);
  if (entries.length === 0) return [];
  const firstParent = oldestWithEachVersion(git, ref, true);
  let everywhere: Map<string, string> | undefined;
  return entries.map((entry) => {
    const named = entry.commit === undefined ? undefined : git.commit(entry.commit);
    const commit = named !== undefined && versionOf(git.show(named, 'package.json')) === entry.version ? named
      : (firstParent.get(entry.version) ?? (everywhere ??= oldestWithEachVersion(git, ref, false)).get(entry.version));
    if (commit === undefined) throw new ReleaseNotFoundError(entry.version, ref);
    return { version: entry.version, commit, ...(entry.date ? { date: entry.date } : {}) };
  });
}
