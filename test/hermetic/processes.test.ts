// Nothing a test starts outlives it: jest run on fixtures that leave processes behind, then the
// processes checked from outside.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runChild } from '../support/children';
import { ROOT } from '../support/project-copy';
import { until } from '../support/wait';

/** Running: a process that exists and is not a zombie (killed, waiting for a parent to reap it). */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
/** Resolves once none of `pids` runs; a kill is delivered a moment after it is sent. */
const ended = (pids: number[]) => until(() => pids.every((pid) => !running(pid)), 30_000).then(() => true, () => false);

/** Runs this project's jest, with its own setup and environment, on one fixture; FIXTURE_PIDS names where pids go. */
async function jestOn(fixture: string) {
  const pids = join(mkdtempSync(join(tmpdir(), 'hermetic-')), 'pids');
  const config = {
    rootDir: ROOT,
    roots: ['<rootDir>/test/hermetic/fixtures'],
    testMatch: [`**/${fixture}`],
    testEnvironment: '<rootDir>/test/support/jest/environment.ts',
    globalSetup: '<rootDir>/test/support/jest/global-setup.ts',
    globalTeardown: '<rootDir>/test/support/jest/global-teardown.ts',
    transform: { '^.+\\.ts$': '<rootDir>/test/support/jest/transform.js' },
  };
  const run = await runChild(process.execPath, [join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', '--config', JSON.stringify(config)], {
    cwd: ROOT,
    env: { ...process.env, FIXTURE_PIDS: pids },
  });
  const read = (name: string) => (existsSync(`${pids}.${name}`) ? readFileSync(`${pids}.${name}`, 'utf8').split(' ').map(Number) : []);
  return { ...run, read };
}

describe('processes a test starts', () => {
  it('are ended with their file, grandchildren included, after a test that ended or timed out without stopping them, or whose own process exited first', async () => {
    const run = await jestOn('leaves-running.fixture.ts');
    expect(run.output).toContain('Exceeded timeout');
    const pids = [...run.read('ended'), ...run.read('orphaned'), ...run.read('timed-out')];
    expect(pids).toHaveLength(5);
    expect(await ended(pids)).toBe(true);
    expect(run.output).not.toContain('still running after the last test file');
  }, 60_000);

  it('that outlive their file fail the run, named by their command, and are killed', async () => {
    const run = await jestOn('escapes.fixture.ts');
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('processes started by tests were still running after the last test file');
    expect(run.output).toContain('node -e escaped-marker');
    const [pid = 0] = run.read('escaped');
    expect(pid).toBeGreaterThan(0);
    expect(await ended([pid])).toBe(true);
  }, 60_000);
});
