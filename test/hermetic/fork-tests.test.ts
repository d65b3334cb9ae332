// Which tests CI's copies run (test/support/fork-tests.ts): the tests a fork's change can reach, or every
// test when a change reaches beyond a fork's areas. Run here on this tree, with the changes listed.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../support/project-copy';

function forkTests(...changed: string[]): string[] {
  const printed = execFileSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'test/support/fork-tests.ts', '--changed', ...changed], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return printed.split('\n').filter(Boolean);
}

describe('the tests a fork copy runs', () => {
  it("runs every test when the framework changed (src/, the shared test kit, a file it deleted there)", () => {
    expect(forkTests('tools/index.ts', 'src/logger.ts')).toEqual(['ALL']);
    expect(forkTests('test/support/gone-helper.ts')).toEqual(['ALL']);
  });

  it("runs the tests that can see a fork's tools, and the folders that check the tree, not every test", () => {
    const tests = forkTests('tools/index.ts', 'tools/get_invoice.ts');
    expect(tests).not.toContain('ALL');
    expect(tests).toContain('test/cli/remove-examples.test.ts');
    expect(tests).toContain('test/entry/clean-build.test.ts');
    expect(tests).not.toContain('test/sessions/redis/routing.test.ts');
  });

  it('counts a test, or a test helper, the fork deleted (remove-examples takes test/hosts) as nothing to run, not as a framework change', () => {
    // Neither exists here: to the script, both were deleted by the fork's step.
    const tests = forkTests('tools/index.ts', 'test/hosts/deleted-by-the-fork.host.ts', 'test/hosts/support/deleted-helper.ts');
    expect(tests).not.toContain('ALL');
    expect(tests).toContain('test/cli/remove-examples.test.ts');
    expect(tests).not.toContain('test/hosts/deleted-by-the-fork.host.ts');
  });
});
