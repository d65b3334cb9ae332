// The README's "Adding a tool", both ways, in a fresh copy of the project (issue 18): the scaffold command
// as the README prints it, and (separately) the by-hand files as it shows them. Each leaves a copy whose
// tools type-check and whose new test passes, whatever tools this project already has. (The generator
// suite that once collided with list_invoices now writes into an empty tools/ of its own.)
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutModules } from '../../cli/remove-examples/index-file';
import { withTool } from '../../cli/scaffold/register';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';
import { readmeTool } from './readme-tool';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const readme = readmeTool();

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject('adding-a-tool-');
});
afterAll(() => copy.remove());

/** The copy as it was before list_invoices was added, if this project has added it already. */
function withoutListInvoices(): void {
  for (const file of ['tools/list_invoices.ts', 'tools/list_invoices.test.ts']) rmSync(join(copy.root, file), { force: true });
  const index = join(copy.root, 'tools/index.ts');
  writeFileSync(index, withoutModules(readFileSync(index, 'utf8'), new Set(['list_invoices'])).text);
}

/** The copy's tools type-check and list_invoices' own test passes. */
async function expectListInvoicesGreen(): Promise<void> {
  const typecheck = await copy.typecheckTools();
  expect(typecheck).toEqual({ code: 0, output: '' });
  const jest = await copy.jest('tools/list_invoices\\.test\\.ts');
  expect(jest.output).toContain('Test Suites: 1 passed, 1 total');
  expect(jest.code).toBe(0);
}

describe("the README's Adding a tool, by the scaffold", () => {
  it('is the list_invoices command', () => {
    expect(readme.scaffoldArgs).toEqual(['list_invoices', '--method', 'GET', '--path', '/customers/:id/invoices']);
  });

  it('writes a tool that type-checks and whose test passes', async () => {
    withoutListInvoices();
    const made = await copy.node([TSX, join(ROOT, 'cli/new-tool/main.ts'), ...readme.scaffoldArgs]);
    expect(made.output).toContain('new-tool: wrote tools/list_invoices.ts, tools/list_invoices.test.ts, tools/index.ts');
    await expectListInvoicesGreen();
  }, 120_000);
});

describe("the README's Adding a tool, by hand", () => {
  it('shows the tool, its test and the two lines for tools/index.ts', () => {
    expect(readme.files.map(({ path }) => path)).toEqual(['tools/list_invoices.ts', 'tools/list_invoices.test.ts']);
    expect(readme.importLine).toBe("import listInvoices from './list_invoices';");
    expect(readme.listLine).toMatch(/^export const tools: readonly Tool\[\] = \[.*\blistInvoices\];$/);
  });

  it('written as shown, type-checks and its test passes', async () => {
    withoutListInvoices();
    for (const { path, text } of readme.files) writeFileSync(join(copy.root, path), text);
    // What the README's step 2 says: its import line after the others, listInvoices last in the list.
    const index = join(copy.root, 'tools/index.ts');
    writeFileSync(index, withTool(readFileSync(index, 'utf8'), 'listInvoices', 'list_invoices'));
    expect(readFileSync(index, 'utf8')).toContain(`${readme.importLine}\n`);
    expect(existsSync(join(copy.root, 'tools/list_invoices.test.ts'))).toBe(true);
    await expectListInvoicesGreen();
  }, 120_000);
});
