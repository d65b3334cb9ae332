import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEntry } from '../support/entry';

// A copy of the framework alone: src/, package.json, and a tools/ list with no example tools; no example-api/.
const ROOT = join(__dirname, '../..');
let copy: string;
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'no-examples-'));
  cpSync(join(ROOT, 'src'), join(copy, 'src'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(copy, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  writeFileSync(join(copy, 'tools.ts'), "import type { Tool } from './src/tools';\nexport const tools: readonly Tool[] = [];\n");
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the entry point in a fork without example-api/', () => {
  it('starts when CUSTOMER_API_URL is set', async () => {
    const entry = startEntry({
      cwd: copy,
      entry: join(copy, 'src/index.ts'),
      env: { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', CUSTOMER_API_URL: 'http://127.0.0.1:9' },
    });
    try {
      await entry.waitFor('tool server listening');
      expect(entry.output()).not.toContain('example customer API');
    } finally {
      entry.stop();
      await once(entry.child, 'exit');
    }
  });

  it('without CUSTOMER_API_URL exits 1 saying it is required', async () => {
    const entry = startEntry({ cwd: copy, entry: join(copy, 'src/index.ts'), env: { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development' } });
    const [code] = (await once(entry.child, 'close')) as [number | null];
    expect(code).toBe(1);
    expect(entry.output()).toContain('CUSTOMER_API_URL: is required (the example API in example-api/ is not part of this copy)');
  });
});
