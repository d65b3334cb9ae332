// `npm run build` in a copy of the project: the build starts from an emptied dist/ (keeping
// pretest's type-check cache), and the built entry never serves a dist/example-api whose sources a fork
// deleted.
import { once } from 'node:events';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEntry } from '../support/entry';
import { copyProject, type ProjectCopy } from '../support/project-copy';
import { describeUnless, examplesMissing } from '../support/template-tree';
import { runChild } from '../support/children';

const npmRun = (cwd: string, script: string) => runChild('npm', ['run', script], { cwd, env: process.env });

const env = { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'info' };

let copy: ProjectCopy;
beforeAll(async () => {
  copy = copyProject('clean-build-');
  const built = await npmRun(copy.root, 'build');
  expect(built.code).toBe(0);
}, 180_000);
afterAll(() => copy.remove());

// A fork without the examples has no example API to start or to leave behind in dist/.
describeUnless(examplesMissing)('the built entry', () => {
  it('with example-api/ in the sources starts the bundled example API', async () => {
    const entry = startEntry({ cwd: copy.root, entry: join(copy.root, 'dist/src/index.js'), env });
    try {
      await entry.waitFor('started the bundled example customer API');
    } finally {
      entry.stop();
      await once(entry.child, 'exit');
    }
  }, 30_000);

  it('after example-api/ is deleted from the sources refuses to serve the compiled one left in dist/', async () => {
    rmSync(join(copy.root, 'example-api'), { recursive: true });
    expect(existsSync(join(copy.root, 'dist/example-api'))).toBe(true);
    const entry = startEntry({ cwd: copy.root, entry: join(copy.root, 'dist/src/index.js'), env });
    const [code] = (await once(entry.child, 'close')) as [number | null];
    expect(code).toBe(1);
    expect(entry.output()).toContain('CUSTOMER_API_URL: is required (the example API in example-api/ is not part of this copy)');
    expect(entry.output()).not.toContain('started the bundled example customer API');
  }, 30_000);
});

describe('npm run build', () => {
  it('starts by emptying dist/ of every earlier output but the type-check cache of pretest', async () => {
    writeFileSync(join(copy.root, 'dist/.test.tsbuildinfo'), '{}');
    // The step npm runs before `build`, alone: the compile after it is the one beforeAll ran.
    const cleaned = await npmRun(copy.root, 'prebuild');
    expect(cleaned.code).toBe(0);
    expect(readdirSync(join(copy.root, 'dist'))).toEqual(['.test.tsbuildinfo']);
  }, 30_000);
});
