// builtView reads what `npm run build` wrote, and names the fix when it has not run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtView, defineView, ViewNotBuiltError, VIEWS_DIR } from '../../src/resources';
import { ROOT } from '../support/project-copy';

describe('builtView', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'built-view-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('from source, looks in the project root\'s dist/views', () => {
    expect(VIEWS_DIR).toBe(join(ROOT, 'dist', 'views'));
  });

  it('reads <name>.html', async () => {
    writeFileSync(join(dir, 'orders.html'), '<p>orders</p>');
    await expect(builtView('orders', dir)()).resolves.toBe('<p>orders</p>');
  });

  it('a view not built fails with ViewNotBuiltError naming npm run build, and is read once built', async () => {
    const view = defineView({ uri: 'ui://test/orders', name: 'orders', html: builtView('orders', dir) });
    const failure = view.read();
    await expect(failure).rejects.toBeInstanceOf(ViewNotBuiltError);
    await expect(failure).rejects.toThrow('The view orders has not been built: run npm run build');
    writeFileSync(join(dir, 'orders.html'), '<p>built</p>');
    await expect(view.read()).resolves.toMatchObject({ text: '<p>built</p>', mimeType: 'text/html;profile=mcp-app' });
  });
});
