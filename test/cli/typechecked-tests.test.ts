// `npm test` fails on a type error in a test file, though jest alone would run it: its pretest
// step type-checks the whole project, tests and tools included.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/project-copy';

it('npm test type-checks tests and tools before running them', () => {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(scripts.pretest).toMatch(/^tsc -p tsconfig\.json --noEmit\b/);
  const tsconfig = JSON.parse(readFileSync(join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
  expect(tsconfig.include).toEqual(expect.arrayContaining(['src', 'tools', 'test', 'cli']));
});
