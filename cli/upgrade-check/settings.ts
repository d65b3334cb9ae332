// Setting names, never values: those .env.example documents at a commit (a test holds it to the settings
// schema: test/config-documented.test.ts), and those a fork's .env sets.

/** `NAME=` lines, and `# NAME=…` lines of settings shown commented out (as config-documented reads them). */
export function documentedSettings(envExample: string): Set<string> {
  return new Set([...envExample.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] ?? ''));
}

/** The names a .env file sets (`NAME=…` or `export NAME=…`), in order; comments and values are skipped. */
export function envFileNames(envFile: string): string[] {
  return [...envFile.matchAll(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)].map((match) => match[1] ?? '');
}

export interface SettingsDiff {
  added: string[];
  removed: string[];
  /** old → new, for the renames whose new name the target documents. */
  renamed: Array<[string, string]>;
}

/** What changed between two sets of documented settings; a rename is not also an addition and a removal. */
export function diffSettings(before: ReadonlySet<string>, after: ReadonlySet<string>, renames: ReadonlyMap<string, string>): SettingsDiff {
  const renamed = [...renames].filter(([from, to]) => before.has(from) && !after.has(from) && after.has(to));
  const oldNames = new Set(renamed.map(([from]) => from));
  const newNames = new Set(renamed.map(([, to]) => to));
  return {
    added: [...after].filter((name) => !before.has(name) && !newNames.has(name)).sort(),
    removed: [...before].filter((name) => !after.has(name) && !oldNames.has(name)).sort(),
    renamed: renamed.sort(([a], [b]) => a.localeCompare(b)),
  };
}
