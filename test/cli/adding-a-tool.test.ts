// The README's "Adding a tool", both ways, in a fresh copy of the project: the scaffold command
// as the README prints it, and (separately) the by-hand files as it shows them. Each leaves a copy whose
// tools type-check and whose new test passes, whatever tools this project already has. (The generator
// suite that once collided with list_invoices now writes into an empty tools/ of its own.)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTool } from '../../cli/scaffold/register';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';
import { readmeTool, withoutTool, type ReadmeTool } from '../support/readme-tool';
import { describeUnless, readmeNotTemplates } from '../support/template-tree';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
let readme: ReadmeTool;
let copy: ProjectCopy;

/** The copy's tools type-check and list_invoices' own test passes. */
async function expectListInvoicesGreen(): Promise<void> {
  const typecheck = await copy.typecheckTools();
  expect(typecheck).toEqual({ code: 0, output: '' });
  const jest = await copy.jest('tools/list_invoices\\.test\\.ts');
  expect(jest.output).toContain('Test Suites: 1 passed, 1 total');
  expect(jest.code).toBe(0);
}

// A fork that rewrote its README has no such section to follow: the checks step aside and say so.
describeUnless(readmeNotTemplates)("the README's Adding a tool", () => {
  beforeAll(() => {
    readme = readmeTool();
    copy = copyProject('adding-a-tool-');
  });
  afterAll(() => copy.remove());

  describe('by the scaffold', () => {
    it('is the list_invoices command', () => {
      expect(readme.scaffoldArgs).toEqual(['list_invoices', '--method', 'GET', '--path', '/customers/:id/invoices']);
    });

    it('writes a tool that type-checks and whose test passes', async () => {
      withoutTool(copy.root, 'list_invoices');
      const made = await copy.node([TSX, join(ROOT, 'cli/new-tool/main.ts'), ...readme.scaffoldArgs]);
      expect(made.output).toContain('new-tool: wrote tools/list_invoices.ts, tools/list_invoices.test.ts, tools/index.ts');
      await expectListInvoicesGreen();
    }, 120_000);
  });

  describe('by hand', () => {
    it('shows the tool, its test and the two lines for tools/index.ts', () => {
      expect(readme.files.map(({ path }) => path)).toEqual(['tools/list_invoices.ts', 'tools/list_invoices.test.ts']);
      expect(readme.importLine).toBe("import listInvoices from './list_invoices';");
      expect(readme.listLine).toMatch(/^export const tools: readonly Tool\[\] = \[.*\blistInvoices\];$/);
    });

    it('written as shown, type-checks and its test passes', async () => {
      withoutTool(copy.root, 'list_invoices');
      for (const { path, text } of readme.files) writeFileSync(join(copy.root, path), text);
      // What the README's step 2 says: its import line after the others, listInvoices last in the list.
      const index = join(copy.root, 'tools/index.ts');
      writeFileSync(index, withTool(readFileSync(index, 'utf8'), 'listInvoices', 'list_invoices'));
      expect(readFileSync(index, 'utf8')).toContain(`${readme.importLine}\n`);
      expect(existsSync(join(copy.root, 'tools/list_invoices.test.ts'))).toBe(true);
      await expectListInvoicesGreen();
    }, 120_000);
  });
});
