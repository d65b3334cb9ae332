// `npm run remove-examples` in a fresh copy of the project: the examples go, the fork's own
// tool (under a name no file in tools/ has) stays and passes its test, the whole project type-checks, and the server no longer starts an
// example API. Its edit of tools/index.ts and its refusals are checked on small folders.
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scaffoldTool } from '../../cli/new-tool/scaffold';
import { identifierFor } from '../../cli/scaffold/names';
import { EXAMPLE_DOCS, EXAMPLE_MODULES, EXAMPLE_TESTS, EXAMPLE_VIEWS } from '../../cli/remove-examples/examples';
import { withoutModules } from '../../cli/remove-examples/index-file';
import { removeExamples } from '../../cli/remove-examples/remove';
import { startEntry } from '../support/entry';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';
import { withoutTool } from '../support/readme-tool';
import { describeUnless, examplesMissing, unusedToolName } from '../support/template-tree';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

// In a fork whose examples are gone there is nothing for this part to remove; the small projects below still run.
describeUnless(examplesMissing)('npm run remove-examples in a fresh copy with a tool of the fork', () => {
  let copy: ProjectCopy;
  let tool: string;
  let templateIndex: string;
  let templateFiles: Record<string, string>;
  const run = () => copy.node([TSX, join(ROOT, 'cli/remove-examples/main.ts')]);
  beforeAll(() => {
    copy = copyProject('remove-examples-');
    // The copy starts as the template's examples alone: tools this fork has added are not what is tested
    // here, and the probe tool's name is one no file in tools/ has, so it cannot collide.
    const templates = new Set([...EXAMPLE_MODULES.map((module) => `${module}.ts`), ...EXAMPLE_TESTS, 'index.ts']);
    for (const file of readdirSync(join(copy.root, 'tools')).filter((name) => name.endsWith('.ts') && !templates.has(name))) {
      withoutTool(copy.root, file.replace(/(\.test|\.view)?\.ts$/, ''));
    }
    for (const view of readdirSync(join(copy.root, 'tools/views')).filter((name) => !EXAMPLE_VIEWS.includes(name))) withoutTool(copy.root, view);
    templateIndex = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    tool = unusedToolName(copy.root, 'fork_probe');
    // With a view of its own (the fork's views stay, the examples' go).
    scaffoldTool({ root: copy.root, name: tool, path: '/probes/:id', view: true });
    templateFiles = Object.fromEntries(['.env.example', ...docsPages(copy.root)].map((file) => [file, readFileSync(join(copy.root, file), 'utf8')]));
    // A build made before the removal, as `npm start` leaves one: it would still serve the examples.
    mkdirSync(join(copy.root, 'dist/example-api'), { recursive: true });
    writeFileSync(join(copy.root, 'dist/example-api/index.js'), '');
    writeFileSync(join(copy.root, 'dist/.test.tsbuildinfo'), '{}');
  });
  afterAll(() => copy.remove());

  it('deletes the examples, keeps the fork tool listed, and says what it did', async () => {
    const identifier = identifierFor(tool);
    const first = await run();
    expect(first.code).toBe(0);
    expect(first.output).toContain('remove-examples: deleted example-api/\n');
    expect(first.output).toContain('remove-examples: deleted tools/types.ts\n');
    expect(first.output).toContain('remove-examples: deleted tools/example-tools.test.ts\n');
    expect(first.output).toContain('remove-examples: deleted tools/search_orders.view.ts\n');
    expect(first.output).toContain('remove-examples: deleted tools/views/search_orders/\n');
    expect(first.output).toContain(`the list now holds ${identifier}`);
    expect(existsSync(join(copy.root, 'example-api'))).toBe(false);
    expect(first.output).toContain(`remove-examples: deleted ${EXAMPLE_DOCS}/\n`);
    expect(first.output).toContain('remove-examples: deleted test/hosts/\n');
    expect(readdirSync(join(copy.root, 'tools')).sort()).toEqual([`${tool}.test.ts`, `${tool}.ts`, `${tool}.view.test.ts`, `${tool}.view.ts`, 'index.ts', 'views'].sort());
    expect(readdirSync(join(copy.root, 'tools/views'))).toEqual([tool]);
    expect(readdirSync(join(copy.root, 'tools/views', tool)).sort()).toEqual(['app.ts', 'index.html']);
    const index = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    expect(index).toContain("import type { Tool } from '../src/tools';\n");
    expect(index).toContain(`import ${identifier} from './${tool}';\n`);
    expect(index).toContain(`export const tools: readonly Tool[] = [${identifier}];\n`);
    expect(index).toContain(`export const resources: readonly Resource[] = [${identifier}View];\n`);
    expect(index).not.toMatch(new RegExp(`'\\./(${EXAMPLE_MODULES.join('|')})'`));
  });

  it("empties the stale build, and edits neither .env.example nor a page of the template's docs", () => {
    expect(readdirSync(join(copy.root, 'dist'))).toEqual(['.test.tsbuildinfo']);
    const now = Object.fromEntries(Object.keys(templateFiles).map((file) => [file, readFileSync(join(copy.root, file), 'utf8')]));
    expect(now).toEqual(templateFiles);
    expect(exampleMentions(copy.root)).toEqual([]);
  });

  it('a second run finds nothing left to remove', async () => {
    expect(await run()).toEqual({ code: 0, output: 'remove-examples: nothing left to remove: the examples are already gone\n' });
  });

  it('leaves a project that type-checks whole and whose fork tool passes its test', async () => {
    // And the template's tools/index.ts without its examples (empty lists) compiles too: the copy's index as
    // it was before the probe tool, which holds the examples alone (a fork's own entries were taken out).
    const template = withoutModules(templateIndex, new Set(EXAMPLE_MODULES)).text;
    expect(template).not.toMatch(new RegExp(`'\\./(${EXAMPLE_MODULES.join('|')})'`));
    writeFileSync(join(copy.root, 'tools/index-without-examples.ts'), template);
    const typecheck = await copy.typecheck();
    expect(typecheck).toEqual({ code: 0, output: '' });
    const jest = await copy.jest(`tools/${tool}\\.test\\.ts`);
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

/** The template's pages of docs/, relative to root (docs/examples/ is the examples'). */
function docsPages(root: string): string[] {
  return readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md')).map((file) => `docs/${file}`);
}

/**
 * Lines of docs/*.md that point a reader at an example tool's file or call an example tool: what a fork
 * would follow and trip over once they are gone (naming the examples as what remove-examples deletes is not).
 */
function exampleMentions(root: string): string[] {
  // The modules that are tools or prompts a reader could call (types and a helper are not).
  const tools = EXAMPLE_MODULES.filter((module) => module !== 'types' && module !== 'organisation');
  const mention = new RegExp(`tools/(${EXAMPLE_MODULES.join('|')})\\.ts|(call|"name":)\\W+(\\S+ ){0,3}\\W*(${tools.join('|')})\\b`);
  // The performance pages describe the benchmark's own stand-in servers, whose get_order is not the example tool.
  const docs = readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md') && !file.startsWith('performance'));
  return docs.flatMap((file) =>
    readFileSync(join(root, 'docs', file), 'utf8')
      .split('\n')
      .flatMap((line, at) => (mention.test(line) ? [`docs/${file}:${at + 1}: ${line}`] : [])),
  );
}

// The template's own docs: the examples are walked through in docs/examples/ alone, which remove-examples
// deletes whole; the template's pages name that folder in plain text, never as a link a fork would break.
describe("the template's docs", () => {
  it('call and point at the example tools only from docs/examples/', () => {
    expect(exampleMentions(ROOT)).toEqual([]);
  });

  it('link into docs/examples/ from nowhere but docs/examples/', () => {
    const links = docsPages(ROOT)
      .concat(existsSync(join(ROOT, 'README.md')) ? ['README.md'] : [])
      .filter((file) => /\]\((\.\.\/|\.\/)?(docs\/)?examples\//.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(links).toEqual([]);
  });
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
    expect(removal).toEqual({ deleted: ['tools/get_order.ts'], unlisted: ['get_order'], kept: ['tools/types.ts (imported by tools/mine.ts)'], remaining: ['mine'], emptied: [] });
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
