// The README's "Adding a tool" example, taken from the README itself and run as written in a copy of the
// project: it type-checks, its own test passes, and it answers as shown against the bundled example API.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTool } from '../../cli/scaffold/register';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Adding a tool'), readme.indexOf('## Configuration'));

/** The ```ts blocks of the section whose first line names a file under tools/, un-indented. */
function files(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, body = ''] of section.matchAll(/```ts\n([\s\S]*?)```/g)) {
    const text = body.replace(/^ {3}/gm, '');
    const name = /^\/\/ (tools\/[\w.]+\.ts)/.exec(text)?.[1];
    if (name) found.set(name, text);
  }
  return found;
}

const AGAINST_EXAMPLE_API = `
import { startExampleApi } from '../example-api';
import { startToolServer } from '../src/tools/testing';
import listInvoices from './list_invoices';

it('answers as the README shows, against the bundled example API', async () => {
  const api = await startExampleApi();
  const server = await startToolServer({ tools: [listInvoices], apiUrl: api.url });
  try {
    const { text } = await server.call('list_invoices', { customerId: 'c-42' }, { authorization: 'Bearer demo-manager-token' });
    expect(text).toBe(process.env.README_EXPECTED);
  } finally {
    await server.close();
    await api.close();
  }
});
`;

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject('readme-tool-');
});
afterAll(() => copy.remove());

describe('README, Adding a tool', () => {
  it('shows the tool and its test', () => {
    expect([...files().keys()]).toEqual(['tools/list_invoices.ts', 'tools/list_invoices.test.ts']);
  });

  it('runs as written: type-checks, its test passes, and the example API answers as the curl shows', async () => {
    for (const [name, text] of files()) writeFileSync(join(copy.root, name), text);
    const index = join(copy.root, 'tools/index.ts');
    writeFileSync(index, withTool(readFileSync(index, 'utf8'), 'listInvoices', 'list_invoices'));
    writeFileSync(join(copy.root, 'tools/list_invoices_readme.test.ts'), AGAINST_EXAMPLE_API);
    // The curl's comment shows the text with "\n" escaped, as it appears in the JSON answer.
    const shown = /# \.\.\. "text":"(inv-[^"]+)"/.exec(section)?.[1];
    expect(shown).toBeDefined();

    const typecheck = await copy.typecheckTools();
    expect(typecheck.output).toBe('');
    const jest = await copy.node([join(ROOT, 'node_modules/jest/bin/jest.js'), '--ci', 'tools/list_invoices'], {
      README_EXPECTED: JSON.parse(`"${shown}"`) as string,
    });
    expect(jest.output).toMatch(/Tests: +5 passed, 5 total/);
    expect(jest.code).toBe(0);
  }, 90_000);
});
