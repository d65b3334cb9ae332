// The release before the versioned delivery format, checked out of git into a temporary
// directory, so a test can run its replica beside this one on the same Redis, as in a rolling deploy.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The last commit whose replicas read and write delivery format 1 only. */
export const FORMAT_1_RELEASE = 'db4cb97';

export interface PreviousRelease {
  /** Its replica fixture, for startReplica(env, fixture). */
  readonly fixture: string;
  remove(): void;
}

export function checkOutPreviousRelease(commit = FORMAT_1_RELEASE): PreviousRelease {
  const root = join(__dirname, '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'previous-release-'));
  try {
    const archive = execFileSync('git', ['-C', root, 'archive', commit, 'src', 'test/scale/fixture', 'tsconfig.json', 'package.json'], { maxBuffer: 64 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot check out ${commit} (a shallow clone lacks it: fetch more history)`, { cause: error });
  }
  // Its dependencies are this checkout's: the release changed none of them.
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { fixture: join(dir, 'test', 'scale', 'fixture', 'replica.ts'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}
