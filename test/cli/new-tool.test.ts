// `npm run new-tool` on a copy of the project: what it writes type-checks and its tests pass at once;
// a refused name or option changes nothing.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseNewToolArgs } from '../../cli/new-tool/args';
import { scaffoldTool } from '../../cli/new-tool/scaffold';
import { withTool } from '../../cli/scaffold/register';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject('new-tool-');
});
afterAll(() => copy.remove());

describe('npm run new-tool', () => {
  it('writes tools that type-check and whose tests pass at once, for every method', async () => {
    const cli = join(ROOT, 'cli/new-tool/main.ts');
    const tsx = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
    const made = await copy.node([tsx, cli, 'get_thing', '--path', '/things/:id']);
    expect(made).toMatchObject({ code: 0, output: expect.stringContaining('wrote tools/get_thing.ts, tools/get_thing.test.ts, tools/index.ts') });
    scaffoldTool({ root: copy.root, name: 'list_things' });
    scaffoldTool({ root: copy.root, name: 'create_thing', method: 'post', path: '/things' });
    scaffoldTool({ root: copy.root, name: 'replace_part', method: 'PUT', path: '/v1/things/:thingId/parts/:partId' });
    scaffoldTool({ root: copy.root, name: 'patch_thing', method: 'PATCH', path: '/things/:id' });
    scaffoldTool({ root: copy.root, name: 'delete', method: 'DELETE', path: '/things/:id' });

    const index = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    expect(index).toContain("import deleteTool from './delete';");
    expect(index).toMatch(/getThing, listThings, createThing, replacePart, patchThing, deleteTool\];/);
    expect(readFileSync(join(copy.root, 'tools/delete.ts'), 'utf8')).toContain('destructiveHint: true');
    expect(readFileSync(join(copy.root, 'tools/get_thing.ts'), 'utf8')).toContain('readOnlyHint: true');

    const typecheck = await copy.typecheckTools();
    expect(typecheck.output).toBe('');
    expect(typecheck.code).toBe(0);
    const jest = await copy.jest('tools/(get_thing|list_things|create_thing|replace_part|patch_thing|delete)\\.test\\.ts');
    expect(jest.output).toMatch(/Test Suites: 6 passed, 6 total/);
    expect(jest.code).toBe(0);
  }, 90_000);

  it.each([
    [{ name: 'get_order' }, 'tools/get_order.ts already exists'],
    [{ name: 'Get-Order' }, 'not a valid tool name'],
    [{ name: '1st' }, 'not a valid tool name'],
    [{ name: 'index' }, 'not a tool'],
    [{ name: 'fine', method: 'HEAD' }, '--method must be one of'],
    [{ name: 'fine', path: 'things' }, '--path must look like'],
    [{ name: 'fine', path: '/things?x=1' }, '--path must look like'],
    [{ name: 'fine', path: '/a/:id/b/:id' }, 'names a parameter twice'],
    [{ name: 'fine', path: '/a/:class' }, 'parameters become input names'],
  ])('refuses %j, writing nothing', (request, message) => {
    const before = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    expect(() => scaffoldTool({ root: copy.root, ...request })).toThrow(message);
    expect(readFileSync(join(copy.root, 'tools/index.ts'), 'utf8')).toBe(before);
    expect(existsSync(join(copy.root, 'tools/fine.ts'))).toBe(false);
  });

  it('refuses an existing name from the command line with exit code 1', async () => {
    const result = await copy.node([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'cli/new-tool/main.ts'), 'whoami']);
    expect(result).toMatchObject({ code: 1, output: expect.stringContaining('new-tool: tools/whoami.ts already exists') });
  });
});

describe('new-tool arguments', () => {
  it.each([
    [['x'], { name: 'x' }],
    [['x', '--method', 'POST', '--path', '/a'], { name: 'x', method: 'POST', path: '/a' }],
    [[], 'give the tool a name'],
    [['a', 'b'], 'one name only (got a b)'],
    [['x', '--method'], '--method needs a value'],
    [['x', '--verbose'], 'unknown option --verbose'],
  ])('%j → %j', (argv, expected) => {
    expect(parseNewToolArgs(argv)).toEqual(expected);
  });
});

describe('adding to tools/index.ts', () => {
  const index = "import type { Tool } from '../src/tools';\nimport a from './a';\n\nexport const tools: readonly Tool[] = [a];\n";

  it('adds an import after the last one and an entry at the end of the list', () => {
    expect(withTool(index, 'bTool', 'b')).toBe(
      "import type { Tool } from '../src/tools';\nimport a from './a';\nimport bTool from './b';\n\nexport const tools: readonly Tool[] = [a, bTool];\n",
    );
  });

  it('fills an empty list, and keeps a multi-line list multi-line', () => {
    expect(withTool("import type { Tool } from '../src/tools';\nexport const tools: readonly Tool[] = [];\n", 'b', 'b')).toContain('= [b];');
    expect(withTool("export const tools: readonly Tool[] = [\n  a,\n];\n", 'b', 'b')).toContain('[\n  a,\n  b,\n];');
  });

  it('refuses a file without the tools list, or a name already imported', () => {
    expect(() => withTool('export default [];\n', 'b', 'b')).toThrow(/no `export const tools/);
    expect(() => withTool(index, 'a', 'a')).toThrow(/already imports a/);
  });
});
