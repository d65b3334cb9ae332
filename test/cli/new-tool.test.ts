// `npm run new-tool`'s arguments and its edit of tools/index.ts. What it writes is type-checked and
// tested in generated-tools.test.ts.
import { parseNewToolArgs } from '../../cli/new-tool/args';
import { withResource, withTool } from '../../cli/scaffold/register';

describe('new-tool arguments', () => {
  it.each([
    [['x'], { name: 'x' }],
    [['x', '--method', 'POST', '--path', '/a'], { name: 'x', method: 'POST', path: '/a' }],
    [[], 'give the tool a name'],
    [['a', 'b'], 'one name only (got a b)'],
    [['x', '--method'], '--method needs a value'],
    [['x', '--verbose'], 'unknown option --verbose'],
    [['x', '--view', '--path', '/a'], { name: 'x', view: true, path: '/a' }],
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

describe('adding a view to tools/index.ts', () => {
  it('starts a resources list, with its type import, when the index has none', () => {
    const index = "import type { Tool } from '../src/tools';\nimport a from './a';\n\nexport const tools: readonly Tool[] = [a];\n";
    expect(withResource(index, 'aView', 'a.view')).toBe(
      "import type { Tool } from '../src/tools';\nimport a from './a';\nimport type { Resource } from '../src/resources';\nimport aView from './a.view';\n\n" +
        'export const tools: readonly Tool[] = [a];\n\nexport const resources: readonly Resource[] = [aView];\n',
    );
  });

  it('adds to an existing resources list', () => {
    const index = "import type { Resource } from '../src/resources';\nimport aView from './a.view';\n\nexport const resources: readonly Resource[] = [aView];\n";
    expect(withResource(index, 'bView', 'b.view')).toContain("import bView from './b.view';\n\nexport const resources: readonly Resource[] = [aView, bView];");
    expect(() => withResource(index, 'aView', 'a.view')).toThrow(/already imports aView/);
  });
});
