// The README's "Adding a tool" example answers as its curl shows, against this example API. The tool is
// taken from the README itself (generated-tools.test.ts type-checks it and runs its own test); this file
// goes when a fork deletes the example.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '../src/tools';
import { startToolServer } from '../src/tools/testing';
import { startExampleApi } from './index';

const ROOT = join(__dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Adding a tool'), readme.indexOf('## Starting from an OpenAPI document'));

it('list_invoices answers as the README shows, against the bundled example API', async () => {
  const tool = [...section.matchAll(/```ts\n([\s\S]*?)```/g)]
    .map(([, body = '']) => body.replace(/^ {3}/gm, ''))
    .find((text) => text.startsWith('// tools/list_invoices.ts'));
  const shown = /# .*"text":"(inv-[^"]+)"/.exec(section)?.[1];
  expect(tool).toBeDefined();
  expect(shown).toBeDefined();

  // The file as written, in a folder beside links to src/ and node_modules/, so its imports resolve.
  const dir = mkdtempSync(join(tmpdir(), 'readme-tool-'));
  mkdirSync(join(dir, 'tools'));
  symlinkSync(join(ROOT, 'src'), join(dir, 'src'), 'dir');
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'tools/list_invoices.ts'), tool!);
  const listInvoices = (require(join(dir, 'tools/list_invoices.ts')) as { default: Tool }).default;
  const api = await startExampleApi();
  const server = await startToolServer({ tools: [listInvoices], apiUrl: api.url });
  try {
    const { text } = await server.call('list_invoices', { customerId: 'c-42' }, { authorization: 'Bearer demo-manager-token' });
    expect(text).toBe(JSON.parse(`"${shown}"`));
  } finally {
    await server.close();
    await api.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
