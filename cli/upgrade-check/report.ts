// The lines `npm run upgrade-check` prints: names and commits only, never a setting's value.
import type { Side, UpgradeCheck } from './check';
import type { Release } from './releases';

const short = (commit: string) => commit.slice(0, 12);

function describe(side: Side): string {
  if (side.release === undefined) return `${short(side.commit)} (before the first release)`;
  if (side.exact) return `${side.release.version} (${short(side.commit)})`;
  return `${short(side.commit)} (${side.release.version} and later commits)`;
}

const list = (names: readonly string[]) => (names.length === 0 ? 'none' : names.join(', '));

export function reportLines(check: UpgradeCheck, envChecked: boolean): string[] {
  const { settings, env, bothChanged } = check;
  const lines = [
    `from ${describe(check.base)} to ${describe(check.target)}; CHANGELOG.md says what each release asks of a fork`,
    `settings added: ${list(settings.added)}`,
    `settings renamed: ${settings.renamed.length === 0 ? 'none' : settings.renamed.map(([from, to]) => `${from} → ${to}`).join(', ')}`,
    `settings removed: ${list(settings.removed)}`,
  ];
  if (!envChecked) lines.push('.env: none here, nothing to check (check your deployment\'s settings against the lists above)');
  else if (env.renamed.length + env.removed.length + env.unknown.length === 0) lines.push('.env: every name it sets is a setting of the target');
  for (const [from, to] of env.renamed) lines.push(`.env: ${from} is renamed ${to}: rename it`);
  for (const name of env.removed) lines.push(`.env: ${name} is no longer read: remove it`);
  for (const name of env.unknown) lines.push(`.env: ${name} is not a setting of the target (a typo, or a name of your own)`);
  lines.push(`changed on both sides, resolve as CHANGELOG.md says: ${list(bothChanged.shared)}`);
  if (bothChanged.other.length > 0) lines.push(`changed on both sides, your own edits to the template's files: ${list(bothChanged.other)}`);
  return lines;
}

export const releaseLines = (releases: readonly Release[]) => releases.map((release) => `${release.version} ${release.commit}${release.date ? ` ${release.date}` : ''}`);
