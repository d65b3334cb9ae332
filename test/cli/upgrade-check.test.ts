// `npm run upgrade-check` against real git history in a temporary repository: a template with
// two releases (the second renames, adds and removes settings), forks based on a release and on a commit
// before any, and the fork's .env checked by name without a value ever printed. No tags anywhere.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseChangelog } from '../../cli/upgrade-check/changelog';
import { checkUpgrade } from '../../cli/upgrade-check/check';
import { createGit, type Git } from '../../cli/upgrade-check/git';
import { findReleases } from '../../cli/upgrade-check/releases';
import { ROOT } from '../support/project-copy';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAIN = join(ROOT, 'cli/upgrade-check/main.ts');

const packageJson = (version: string) => `${JSON.stringify({ name: 'template', version, private: true }, null, 2)}\n`;
const changelog = (...entries: string[]) => ['# Changelog', '', '## [Unreleased]', '', ...entries].join('\n');
const RELEASE_1 = '## [1.0.0] - 2026-11-26\n\nThe first release.\n';
const RELEASE_1_1 = '## [1.1.0] - 2026-12-01\n\n### What a fork must do\n- Setting renamed: `BETA` → `BETA_NEW`; `GAMMA` is no longer read.\n';

interface Repo {
  dir: string;
  git: Git;
  run(...args: string[]): string;
  commit(message: string, files: Record<string, string>): string;
}

function createRepo(): Repo {
  const dir = mkdtempSync(join(tmpdir(), 'upgrade-check-'));
  const run = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Template', '-c', 'user.email=template@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
  run('init', '-q', '-b', 'main');
  return {
    dir,
    git: createGit(dir),
    run,
    commit(message, files) {
      for (const [path, text] of Object.entries(files)) {
        execFileSync('mkdir', ['-p', join(dir, path, '..')]);
        writeFileSync(join(dir, path), text);
      }
      run('add', '-A');
      run('commit', '-q', '-m', message);
      return run('rev-parse', 'HEAD');
    },
  };
}

describe('upgrade-check over a template with two releases', () => {
  let repo: Repo;
  const commits = { start: '', release1: '', release11: '' };

  beforeAll(() => {
    repo = createRepo();
    commits.start = repo.commit('start', {
      'package.json': packageJson('0.1.0'),
      '.env.example': 'ALPHA=1\nBETA=\n# GAMMA=x\n',
      'src/a.ts': 'export const a = 1;\n',
      'tools/index.ts': 'export const tools = [];\n',
    });
    commits.release1 = repo.commit('release 1.0.0', { 'package.json': packageJson('1.0.0'), 'CHANGELOG.md': changelog(RELEASE_1) });
    repo.run('branch', 'fork', commits.release1);
    repo.run('branch', 'early-fork', commits.start);
    repo.commit('framework change', { 'src/a.ts': 'export const a = 2;\n' });
    commits.release11 = repo.commit('release 1.1.0', {
      'package.json': packageJson('1.1.0'),
      '.env.example': 'ALPHA=1\nBETA_NEW=\nDELTA=4\n',
      'tools/index.ts': '// The tools.\nexport const tools = [];\n',
      'CHANGELOG.md': changelog(RELEASE_1_1, RELEASE_1),
    });
    // The fork: its own tool, listed in tools/index.ts, and an edit of a template file.
    repo.run('checkout', '-q', 'fork');
    repo.commit('fork: my tool', { 'tools/mine.ts': 'export default 1;\n', 'tools/index.ts': 'export const tools = [1];\n', 'src/a.ts': 'export const a = 3;\n' });
  });
  afterAll(() => rmSync(repo.dir, { recursive: true, force: true }));

  it('finds each release commit from the changelog and package.json, without tags', () => {
    expect(repo.run('tag')).toBe('');
    expect(findReleases(repo.git, 'main')).toEqual([
      { version: '1.1.0', commit: commits.release11, date: '2026-12-01' },
      { version: '1.0.0', commit: commits.release1, date: '2026-11-26' },
    ]);
  });

  it("finds a release in a fork's history whose own line never had its version", () => {
    repo.run('checkout', '-q', '-b', 'own-version', commits.start);
    repo.commit('fork: a version of its own', { 'package.json': packageJson('7.0.0'), 'tools/mine.ts': 'export default 1;\n' });
    repo.run('merge', '-q', '-X', 'ours', '--no-edit', commits.release11);
    expect(JSON.parse(repo.git.show('HEAD', 'package.json') ?? '{}')).toMatchObject({ version: '7.0.0' });
    expect(findReleases(repo.git, 'HEAD').map((release) => release.commit)).toEqual([commits.release11, commits.release1]);
    repo.run('checkout', '-q', 'main');
  });

  it('reports a fork on 1.0.0: settings added, renamed, removed, and the files both sides changed', () => {
    const check = checkUpgrade({ git: repo.git, target: 'main', fork: 'fork' });
    expect(check.base).toMatchObject({ commit: commits.release1, release: { version: '1.0.0' }, exact: true });
    expect(check.target).toMatchObject({ commit: commits.release11, release: { version: '1.1.0' }, exact: true });
    expect(check.settings).toEqual({ added: ['DELTA'], renamed: [['BETA', 'BETA_NEW']], removed: ['GAMMA'] });
    expect(check.bothChanged).toEqual({ shared: ['tools/index.ts'], other: ['src/a.ts'] });
  });

  it("checks the fork's .env by name: renamed, removed, unknown", () => {
    const check = checkUpgrade({ git: repo.git, target: 'main', fork: 'fork', envFile: 'ALPHA=1\nBETA=b-value\n# a comment\nexport GAMMA=c-value\nZETA=z\nDELTA=\n' });
    expect(check.env).toEqual({ renamed: [['BETA', 'BETA_NEW']], removed: ['GAMMA'], unknown: ['ZETA'] });
  });

  it('reports a fork made before any release from the commit it shares with the template', () => {
    const check = checkUpgrade({ git: repo.git, target: 'main', fork: 'early-fork' });
    expect(check.base).toEqual({ commit: commits.start, exact: false });
    expect(check.settings).toEqual({ added: ['DELTA'], renamed: [['BETA', 'BETA_NEW']], removed: ['GAMMA'] });
  });

  it('reports nothing renamed or added when the fork is already on the target release', () => {
    const check = checkUpgrade({ git: repo.git, target: 'main', fork: 'main' });
    expect(check.settings).toEqual({ added: [], renamed: [], removed: [] });
    expect(check.bothChanged).toEqual({ shared: [], other: [] });
  });

  it('uses the commit an entry names, and ignores a name that does not set its version', () => {
    repo.run('checkout', '-q', 'main');
    const named = changelog(RELEASE_1_1, RELEASE_1.replace('The first release.', `Commit: \`${commits.release1}\``));
    repo.commit('changelog: the commit of 1.0.0', { 'CHANGELOG.md': named });
    expect(findReleases(repo.git, 'main').map((release) => release.commit)).toEqual([commits.release11, commits.release1]);
    repo.commit('changelog: a wrong commit for 1.1.0', { 'CHANGELOG.md': named.replace('### What', `Commit: \`${commits.start}\`\n\n### What`) });
    expect(findReleases(repo.git, 'main')[0]?.commit).toBe(commits.release11);
  });

  it('as a command: exit 1 when .env must change, the names said, no value printed', () => {
    repo.run('checkout', '-q', 'fork');
    writeFileSync(join(repo.dir, '.env'), 'ALPHA=secret-a-77\nBETA=secret-b-88\nZETA=secret-z-99\n');
    let output = '';
    let status = 0;
    try {
      output = execFileSync(process.execPath, [TSX, MAIN, 'main'], { cwd: repo.dir, encoding: 'utf8' });
    } catch (error) {
      const failed = error as { status: number; stdout: string };
      status = failed.status;
      output = failed.stdout;
    }
    expect(status).toBe(1);
    expect(output).toContain('upgrade-check: settings renamed: BETA → BETA_NEW\n');
    expect(output).toContain('upgrade-check: .env: BETA is renamed BETA_NEW: rename it\n');
    expect(output).toContain('upgrade-check: .env: ZETA is not a setting of the target');
    expect(output).not.toMatch(/secret-/);
    const releases = execFileSync(process.execPath, [TSX, MAIN, '--releases', 'main'], { cwd: repo.dir, encoding: 'utf8' });
    expect(releases).toBe(`1.1.0 ${commits.release11} 2026-12-01\n1.0.0 ${commits.release1} 2026-11-26\n`);
  });

  it('as a command after the merge: --from and --fork name the base and the fork as it was', () => {
    repo.run('checkout', '-q', 'main');
    rmSync(join(repo.dir, '.env'));
    const output = execFileSync(process.execPath, [TSX, MAIN, '--from', commits.release1, '--fork', 'fork', 'main'], { cwd: repo.dir, encoding: 'utf8' });
    expect(output).toContain('upgrade-check: from 1.0.0 (');
    expect(output).toContain('upgrade-check: .env: none here, nothing to check');
    expect(output).toContain('upgrade-check: changed on both sides, resolve as CHANGELOG.md says: tools/index.ts\n');
    expect(output).toContain("upgrade-check: changed on both sides, your own edits to the template's files: src/a.ts\n");
  });

  it('as a command: a commit that does not exist is exit 2 and a sentence', () => {
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [TSX, MAIN, 'template/main'], { cwd: repo.dir, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(2);
    expect(failure?.stderr).toContain('no commit template/main in this repository (fetch it first: git fetch template)');
  });

  // Last: it adds a release to main.
  it('names the commit that set a version, not the merge that brought it in, the same in the template and in a fork', () => {
    repo.run('checkout', '-q', '-b', 'release-2', 'main');
    const release2 = repo.commit('release 2.0.0', { 'package.json': packageJson('2.0.0'), 'CHANGELOG.md': changelog('## [2.0.0] - 2027-01-01\n', RELEASE_1_1, RELEASE_1) });
    repo.run('checkout', '-q', 'main');
    repo.commit('template work meanwhile', { 'src/b.ts': 'export const b = 1;\n' });
    repo.run('merge', '-q', '--no-ff', '--no-edit', 'release-2');
    expect(findReleases(repo.git, 'main')[0]).toMatchObject({ version: '2.0.0', commit: release2 });
    repo.run('checkout', '-q', 'fork');
    repo.run('merge', '-q', '-X', 'theirs', '--no-edit', 'main');
    expect(findReleases(repo.git, 'HEAD').map((release) => release.commit)).toEqual([release2, commits.release11, commits.release1]);
  });
});

describe("this project's CHANGELOG.md", () => {
  it('parses into releases whose commits, found in this history without tags, set their version in package.json', () => {
    const git = createGit(ROOT);
    const releases = findReleases(git, 'HEAD');
    expect(releases.length).toBeGreaterThan(0);
    for (const release of releases) {
      expect(JSON.parse(git.show(release.commit, 'package.json') ?? '{}')).toMatchObject({ version: release.version });
    }
  });

  it('reads renames from an entry line with an arrow', () => {
    expect(parseChangelog('## [2.0.0] - 2027-01-01\n- `OLD_ONE` -> `NEW_ONE`, `XX` → `YY`\n')[0]?.renamed).toEqual(new Map([['OLD_ONE', 'NEW_ONE'], ['XX', 'YY']]));
  });
});
