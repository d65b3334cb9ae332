// Entry of `npm run upgrade-check [-- <template commit>] [--from <base>] [--fork <commit>] [--releases]`:
// before a fork merges the template (after `git fetch template`), what changed since its base. Offline.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkUpgrade, envNeedsChanges, UpgradeCheckError } from './check';
import { createGit, GitError } from './git';
import { ReleaseNotFoundError, findReleases } from './releases';
import { releaseLines, reportLines } from './report';

const USAGE = 'usage: npm run upgrade-check -- [<template commit, default template/main>] [--from <base commit>] [--fork <commit, default HEAD>] [--releases]';
/** Where docs/forking.md tells a fork to fetch the template. */
const DEFAULT_TARGET = 'template/main';

interface Args {
  target?: string;
  from?: string;
  fork?: string;
  releases: boolean;
}

function parse(argv: readonly string[]): Args | string {
  const out: Args = { releases: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--releases') out.releases = true;
    else if (arg === '--from' || arg === '--fork') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) return `${arg} needs a commit`;
      out[arg === '--from' ? 'from' : 'fork'] = value;
      i += 1;
    } else if (arg.startsWith('--')) return `unknown option ${arg}`;
    else if (out.target === undefined) out.target = arg;
    else return `one template commit only (got ${out.target} and ${arg})`;
  }
  return out;
}

const root = process.cwd();
const args = parse(process.argv.slice(2));
const say = (line: string) => process.stdout.write(`upgrade-check: ${line}\n`);
if (typeof args === 'string') {
  process.stderr.write(`upgrade-check: ${args}\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  const git = createGit(root);
  try {
    if (args.releases) {
      // The template's own releases; in the template itself that is HEAD's history.
      for (const line of releaseLines(findReleases(git, args.target ?? 'HEAD'))) process.stdout.write(`${line}\n`);
    } else {
      const envPath = join(root, '.env');
      const envFile = existsSync(envPath) ? readFileSync(envPath, 'utf8') : undefined;
      const check = checkUpgrade({ git, target: args.target ?? DEFAULT_TARGET, ...(args.from ? { from: args.from } : {}), ...(args.fork ? { fork: args.fork } : {}), ...(envFile !== undefined ? { envFile } : {}) });
      for (const line of reportLines(check, envFile !== undefined)) say(line);
      if (envNeedsChanges(check)) process.exitCode = 1;
    }
  } catch (error) {
    if (!(error instanceof UpgradeCheckError || error instanceof GitError || error instanceof ReleaseNotFoundError)) throw error;
    process.stderr.write(`upgrade-check: ${error.message}\n`);
    process.exitCode = 2;
  }
}
