// Reads CHANGELOG.md (Keep a Changelog): one section per release, newest first, each naming its commit
// once the next commit has written it, and the settings it renamed as "`OLD` → `NEW`" lines.

export interface ChangelogEntry {
  /** "1.0.0", or "Unreleased". */
  version: string;
  /** The release date, when the heading gives one. */
  date?: string;
  /** The hash on the entry's "Commit: `…`" line; absent until the commit after the release writes it. */
  commit?: string;
  /** Settings this release renamed, old name → new name. */
  renamed: ReadonlyMap<string, string>;
}

const HEADING = /^## \[([^\]]+)\](?:\s+-\s+(\S+))?\s*$/;
const COMMIT = /^Commit: `([0-9a-f]{7,40})`/;
const RENAME = /`([A-Z][A-Z0-9_]*)`\s*(?:→|->)\s*`([A-Z][A-Z0-9_]*)`/g;

/** The entries in the file's order (newest first); text before the first heading is ignored. */
export function parseChangelog(text: string): ChangelogEntry[] {
  const entries: Array<{ version: string; date?: string; commit?: string; renamed: Map<string, string> }> = [];
  for (const line of text.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      entries.push({ version: heading[1] ?? '', ...(heading[2] ? { date: heading[2] } : {}), renamed: new Map() });
      continue;
    }
    const entry = entries.at(-1);
    if (!entry) continue;
    const commit = COMMIT.exec(line);
    if (commit) entry.commit = commit[1];
    for (const [, from, to] of line.matchAll(RENAME)) entry.renamed.set(from ?? '', to ?? '');
  }
  return entries;
}

/** A released version (semantic, not "Unreleased"). */
export const isRelease = (entry: ChangelogEntry) => /^\d+\.\d+\.\d+(?:[-+].*)?$/.test(entry.version);
