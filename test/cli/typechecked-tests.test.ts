// `npm test` fails on a type error in a test file, though jest itself would run it (issue 10).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyProject } from '../support/project-copy';

it('npm test fails on a type error in a test, naming the file', async () => {
  const copy = copyProject('typed-tests-');
  try {
    writeFileSync(join(copy.root, 'test/typo.test.ts'), "it('adds', () => {\n  const n: number = 'one';\n  expect(n).toBe('one');\n});\n");
    const npm = process.env.npm_execpath;
    const run = npm ? await copy.node([npm, 'test', '--', 'test/typo.test.ts']) : undefined;
    // Outside npm (plain `npx jest`), run the same pretest command the way npm would.
    const result = run ?? (await copy.node([join(copy.root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']));
    expect(result.output).toMatch(/test\/typo\.test\.ts\(2,9\): error TS2322/);
    expect(result.code).not.toBe(0);
  } finally {
    copy.remove();
  }
}, 60_000);
