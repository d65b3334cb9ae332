// `npm run remove-examples` (issue 18) in a fresh copy of the project: the examples go, the fork's own
// tool stays and passes its test, the whole project type-checks, and the server no longer starts an
// example API. Its edit of tools/index.ts and its refusals are checked on small folders.
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scaffoldTool } from '../../cli/new-tool/scaffold';
import { EXAMPLE_MODULES } from '../../cli/remove-examples/examples';
import { withoutModules } from '../../cli/remove-examples/index-file';
import { removeExamples } from '../../cli/remove-examples/remove';
import { startEntry } from '../support/entry';
import { copyProject, ROOT, WITH_EXAMPLES, type ProjectCopy } from '../support/project-copy';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

// In a fork whose examples are gone there is nothing for this part to remove; the small projects below still run.
(WITH_EXAMPLES ? describe : describe.skip)('npm run remove-examples in a fresh copy with a tool of the fork', () => {
  let copy: ProjectCopy;
  const run = () => copy.node([TSX, join(ROOT, 'cli/remove-examples/main.ts')]);
  beforeAll(() => {
    copy = copyProject('remove-examples-');
    scaffoldTool({ root: copy.root, name: 'list_invoices', path: '/customers/:id/invoices' });
  });
  afterAll(() => copy.remove());

  it('deletes the examples, keeps the fork tool listed, and says what it did', async () => {
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.output).toContain('remove-examples: deleted example-api/\n');
    expect(first.output).toContain('remove-examples: deleted tools/types.ts\n');
    expect(first.output).toContain('remove-examples: deleted tools/example-tools.test.ts\n');
    expect(first.output).toContain('remove-examples: deleted tools/search_orders.view.ts\n');
    expect(first.output).toContain('remove-examples: deleted tools/views/search_orders/\n');
    expect(first.output).toContain('the list now holds listInvoices');
    expect(existsSync(join(copy.root, 'example-api'))).toBe(false);
    expect(readdirSync(join(copy.root, 'tools')).sort()).toEqual(['index.ts', 'list_invoices.test.ts', 'list_invoices.ts']);
    expect(readFileSync(join(copy.root, 'tools/index.ts'), 'utf8')).toBe(
      '// The tools and resources this server offers, listed explicitly (no directory scanning): add a line per\n' +
        '// new tool, and per new view or resource.\n' +
        "import type { Resource } from '../src/resources';\n" +
        "import type { Tool } from '../src/tools';\nimport listInvoices from './list_invoices';\n\n" +
        'export const tools: readonly Tool[] = [listInvoices];\n\n' +
        'export const resources: readonly Resource[] = [];\n',
    );
  });

  it('a second run finds nothing left to remove', async () => {
    expect(await run()).toEqual({ code: 0, output: 'remove-examples: nothing left to remove: the examples are already gone\n' });
  });

  it('leaves a project that type-checks whole and whose fork tool passes its test', async () => {
    // And this project's own tools/index.ts without its examples (an empty list in the template) compiles too.
    const template = withoutModules(readFileSync(join(ROOT, 'tools/index.ts'), 'utf8'), new Set(EXAMPLE_MODULES)).text;
    expect(template).not.toMatch(new RegExp(`'\\./(${EXAMPLE_MODULES.join('|')})'`));
    writeFileSync(join(copy.root, 'tools/index-without-examples.ts'), template);
    const typecheck = await copy.node([TSC, '-p', 'tsconfig.json', '--noEmit']);
    expect(typecheck).toEqual({ code: 0, output: '' });
    const jest = await copy.jest('tools/list_invoices\\.test\\.ts');
    expect(jest.output).toContain('Test Suites: 1 passed, 1 total');
  }, 120_000);

  it('leaves a server that needs CUSTOMER_API_URL instead of starting an example API', async () => {
    const entry = startEntry({ cwd: copy.root, entry: join(copy.root, 'src/index.ts'), env: { PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development' } });
    const [code] = (await once(entry.child, 'close')) as [number | null];
    expect(code).toBe(1);
    expect(entry.output()).toContain('CUSTOMER_API_URL: is required (the example API in example-api/ is not part of this copy)');
    expect(entry.output()).not.toContain('started the bundled example customer API');
  }, 30_000);
});

describe('npm run remove-examples on a small project', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'remove-examples-small-'));
    mkdirSync(join(root, 'tools'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => writeFileSync(join(root, 'tools', file), text);

  it('keeps an example file that a fork tool imports, and says why', () => {
    write('index.ts', "import type { Tool } from '../src/tools';\nimport getOrder from './get_order';\nimport mine from './mine';\n\nexport const tools: readonly Tool[] = [getOrder, mine];\n");
    write('get_order.ts', '');
    write('types.ts', '');
    write('mine.ts', "import type { Order } from './types';\n");
    const removal = removeExamples(root);
    expect(removal).toEqual({ deleted: ['tools/get_order.ts'], unlisted: ['get_order'], kept: ['tools/types.ts (imported by tools/mine.ts)'], remaining: ['mine'] });
    expect(readdirSync(join(root, 'tools')).sort()).toEqual(['index.ts', 'mine.ts', 'types.ts']);
  });

  it('refuses an index without the tools list, deleting nothing', () => {
    write('index.ts', "import whoami from './whoami';\nexport default [whoami];\n");
    write('whoami.ts', '');
    expect(() => removeExamples(root)).toThrow('has no `export const tools: readonly Tool[] = [ … ];` list');
    expect(existsSync(join(root, 'tools/whoami.ts'))).toBe(true);
  });
});

describe('taking the examples out of tools/index.ts', () => {
  const examples = new Set(['whoami', 'get_order']);

  it('empties a list of examples only, keeping the type import', () => {
    const { text } = withoutModules("import type { Tool } from '../src/tools';\nimport whoami from './whoami';\n\nexport const tools: readonly Tool[] = [whoami];\n", examples);
    expect(text).toBe("import type { Tool } from '../src/tools';\n\nexport const tools: readonly Tool[] = [];\n");
  });

  it('keeps a multi-line list multi-line, and an aliased import goes with its entry', () => {
    const source = "import { default as order } from './get_order';\nimport mine from './mine';\nexport const tools: readonly Tool[] = [\n  order,\n  mine,\n];\n";
    expect(withoutModules(source, examples).text).toBe("import mine from './mine';\nexport const tools: readonly Tool[] = [\n  mine,\n];\n");
  });

  it('takes an example view out of the resources list, keeping the fork view', () => {
    const source =
      "import whoami from './whoami';\nimport whoamiView from './whoami.view';\nimport mineView from './mine.view';\n\n" +
      'export const tools: readonly Tool[] = [whoami];\n\nexport const resources: readonly Resource[] = [whoamiView, mineView];\n';
    expect(withoutModules(source, new Set(['whoami', 'whoami.view'])).text).toBe(
      "import mineView from './mine.view';\n\nexport const tools: readonly Tool[] = [];\n\nexport const resources: readonly Resource[] = [mineView];\n",
    );
  });

  it('leaves an index without examples as it is', () => {
    const source = "import mine from './mine';\nexport const tools: readonly Tool[] = [mine];\n";
    expect(withoutModules(source, examples)).toEqual({ text: source, removed: [] });
  });
});
