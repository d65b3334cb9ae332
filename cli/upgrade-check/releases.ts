// Where each release is in git, without tags (a clone may not carry them): the commit the changelog
// names, or else the commit that set package.json's version to it (no parent has that version; the
// oldest if several). A merge that brings the version in sets nothing, so the answer is the same in the
// template and in every fork that merged it, whatever version a fork gives its own package.json.
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

/** version → the oldest commit that set it, for the versions asked about. */
function commitsSetting(git: Git, ref: string, versions: ReadonlySet<string>): Map<string, string> {
  const setting = new Map<string, string>();
  // Newest first, so the last one seen is the oldest.
  for (const commit of git.changes(ref, 'package.json')) {
    const version = versionOf(git.show(commit, 'package.json'));
    if (version === undefined || !versions.has(version)) continue;
    if (git.parents(commit).every((parent) => versionOf(git.show(parent, 'package.json')) !== version)) setting.set(version, commit);
  }
  return setting;
}

/** The releases in `ref`'s CHANGELOG.md, newest first, each with its commit. */
export function findReleases(git: Git, ref: string): Release[] {
  const entries = parseChangelog(git.show(ref, 'CHANGELOG.md') ?? '').filter(isRelease);
  if (entries.length === 0) return [];
  const setting = commitsSetting(git, ref, new Set(entries.map((entry) => entry.version)));
  return entries.map((entry) => {
    const named = entry.commit === undefined ? undefined : git.commit(entry.commit);
    const commit = named !== undefined && versionOf(git.show(named, 'package.json')) === entry.version ? named : setting.get(entry.version);
    if (commit === undefined) throw new ReleaseNotFoundError(entry.version, ref);
    return { version: entry.version, commit, ...(entry.date ? { date: entry.date } : {}) };
  });
}
