// What `npm run new-tool` and `npm run openapi` write, in ONE copy of the project: every file type-checks
// and every test it wrote passes at once (one tsc and one jest for all, because each costs seconds).
// Refusals change nothing. The README's own example is added in adding-a-tool.test.ts.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTools } from '../../cli/openapi/generate';
import { localPath } from '../../cli/openapi/load';
import { scaffoldTool } from '../../cli/new-tool/scaffold';
import { buildViews } from '../../cli/build-views/build';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import { chromiumPath } from '../support/view-host';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const fixture = (name: string) => join(ROOT, 'test/fixtures/openapi', name);
/** Test files that must pass at the end, added as the steps write them. */
const written: string[] = [];

let copy: ProjectCopy;
beforeAll(() => {
  copy = copyProject('generated-tools-');
  // An empty tools/ whatever this project's own tools are, so no name generated below can collide with a
  // tool the project already has (a fork's own list_invoices turned this suite red).
  rmSync(join(copy.root, 'tools'), { recursive: true });
  emptyTools(copy.root);
});
afterAll(() => copy.remove());

describe('npm run new-tool', () => {
  it('writes a tool, its test and its line in tools/index.ts, for every method', async () => {
    const made = await copy.node([TSX, join(ROOT, 'cli/new-tool/main.ts'), 'get_thing', '--path', '/things/:id']);
    expect(made).toMatchObject({ code: 0, output: expect.stringContaining('wrote tools/get_thing.ts, tools/get_thing.test.ts, tools/index.ts') });
    scaffoldTool({ root: copy.root, name: 'list_things' });
    scaffoldTool({ root: copy.root, name: 'create_thing', method: 'post', path: '/things' });
    scaffoldTool({ root: copy.root, name: 'replace_part', method: 'PUT', path: '/v1/things/:thingId/parts/:partId' });
    scaffoldTool({ root: copy.root, name: 'patch_thing', method: 'PATCH', path: '/things/:id' });
    scaffoldTool({ root: copy.root, name: 'delete', method: 'DELETE', path: '/things/:id' });
    written.push('get_thing', 'list_things', 'create_thing', 'replace_part', 'patch_thing', 'delete');

    const index = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    expect(index).toContain("import deleteTool from './delete';");
    expect(index).toMatch(/getThing, listThings, createThing, replacePart, patchThing, deleteTool\];/);
    expect(readFileSync(join(copy.root, 'tools/delete.ts'), 'utf8')).toContain('destructiveHint: true');
    expect(readFileSync(join(copy.root, 'tools/get_thing.ts'), 'utf8')).toContain('readOnlyHint: true');
  }, 300_000);

  it('with --view also writes a view, lists it in resources, and npm run build makes it one self-contained file', async () => {
    const made = await copy.node([TSX, join(ROOT, 'cli/new-tool/main.ts'), 'show_thing', '--path', '/things/:id', '--view']);
    expect(made.code).toBe(0);
    expect(made.output).toContain(
      'wrote tools/show_thing.ts, tools/show_thing.test.ts, tools/show_thing.view.ts, tools/show_thing.view.test.ts, tools/views/show_thing/index.html, tools/views/show_thing/app.ts, tools/index.ts',
    );
    written.push('show_thing', 'show_thing.view');
    const index = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    expect(index).toContain("import type { Resource } from '../src/resources';\nimport showThingView from './show_thing.view';");
    expect(index).toContain('export const resources: readonly Resource[] = [showThingView];');
    expect(readFileSync(join(copy.root, 'tools/show_thing.ts'), 'utf8')).toContain("view: 'ui://tools/show_thing',");
    const [file] = (await buildViews(copy.root, join(copy.root, 'dist/views'))).views.map((view) => view.file);
    expect(file).toBe(join(copy.root, 'dist/views/show_thing.html'));
    const html = readFileSync(file!, 'utf8');
    expect(html).not.toContain('src="./app.ts"');
    expect(html).toMatch(/<script>[\s\S]+ui\/initialize[\s\S]+<\/script>/);
  }, 300_000);

  it.each([
    [{ name: 'get_thing' }, 'tools/get_thing.ts already exists'],
    [{ name: 'Get-Order' }, 'not a valid tool name'],
    [{ name: '1st' }, 'not a valid tool name'],
    [{ name: 'index' }, 'not a tool'],
    [{ name: 'fine', method: 'HEAD' }, '--method must be one of'],
    [{ name: 'fine', path: 'things' }, '--path must look like'],
    [{ name: 'fine', path: '/things?x=1' }, '--path must look like'],
    [{ name: 'fine', path: '/a/:id/b/:id' }, 'names a parameter twice'],
    [{ name: 'fine', path: '/a/:class' }, 'parameters become input names'],
    [{ name: 'fine', scopes: 'invoices:read,bad scope' }, '--scopes takes OAuth scope names separated by commas'],
  ])('refuses %j, writing nothing', (request, message) => {
    const before = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    expect(() => scaffoldTool({ root: copy.root, ...request })).toThrow(message);
    expect(readFileSync(join(copy.root, 'tools/index.ts'), 'utf8')).toBe(before);
    expect(existsSync(join(copy.root, 'tools/fine.ts'))).toBe(false);
  });

  it('refuses an existing name from the command line with exit code 1', async () => {
    const result = await copy.node([TSX, join(ROOT, 'cli/new-tool/main.ts'), 'list_things']);
    expect(result).toMatchObject({ code: 1, output: expect.stringContaining('new-tool: tools/list_things.ts already exists') });
  });
});

describe('npm run openapi', () => {
  const openapi = (...args: string[]) => copy.node([TSX, join(ROOT, 'cli/openapi/main.ts'), ...args]);
  const common = () => ({ root: copy.root, dryRun: false, tags: [], operations: [] });

  it('a dry run lists what it would write and writes nothing', async () => {
    const before = readdirSync(join(copy.root, 'tools')).sort();
    const run = await openapi(fixture('petstore.yaml'), '--dry-run');
    expect(run.output).toContain('openapi: tools/show_pet_by_id.ts  GET /pets/{petId}  would write');
    expect(run.output).toContain('dry run, nothing written (3 tool(s) would be written, 0 skipped)');
    expect(run.code).toBe(0);
    expect(readdirSync(join(copy.root, 'tools')).sort()).toEqual(before);
  });

  it('writes Petstore 3.0, chosen operations of Petstore-expanded 3.0 and tags of the Museum 3.1 document', async () => {
    expect((await openapi(fixture('petstore.yaml'))).code).toBe(0);
    // The same generator in-process: quicker than a process each.
    await generateTools({ ...common(), file: fixture('petstore-expanded.yaml'), operations: ['findPets', 'addPet', 'deletePet'] });
    const museum = await generateTools({ ...common(), file: localPath(`file://${fixture('museum.yaml')}`), tags: ['Events', 'Tickets'] });
    expect(museum.find((item) => item.tool === 'get_ticket_code')?.action).toMatch(/^skipped: it answers a file download \(image\/png\)/);
    for (const name of ['list_pets', 'create_pets', 'show_pet_by_id', 'find_pets', 'add_pet', 'delete_pet', 'list_special_events',
      'create_special_event', 'get_special_event', 'update_special_event', 'delete_special_event', 'buy_museum_tickets']) {
      expect(existsSync(join(copy.root, `tools/${name}.test.ts`))).toBe(true);
    }
    // Every file is type-checked below; the tests of one of each shape run (path, array query, body, 3.1 body and path, DELETE).
    written.push('show_pet_by_id', 'find_pets', 'add_pet', 'update_special_event', 'delete_special_event');

    const index = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    expect(index).toContain("import showPetById from './show_pet_by_id';");
    expect(index).toMatch(/listPets, createPets, showPetById, findPets, addPet, deletePet, listSpecialEvents, /);
    const showPet = readFileSync(join(copy.root, 'tools/show_pet_by_id.ts'), 'utf8');
    expect(showPet).toContain("petId: z.string().min(1).describe('The id of the pet to retrieve.')");
    expect(showPet).toContain("const wire = openApiParameters('/pets/{petId}', [\n  { name: 'petId', key: 'petId', in: 'path' },\n]);");
    expect(showPet).toContain("ctx.api.get<unknown>('/pets/:petId', wire(input))");
    expect(readFileSync(join(copy.root, 'tools/delete_special_event.ts'), 'utf8')).toContain('destructiveHint: true');
    // Scopes, declared 404s and constrained parameters: every test of these runs.
    const invoices = await generateTools({ ...common(), file: fixture('invoices.yaml') });
    expect(invoices.map((item) => item.tool)).toEqual(['list_invoices', 'create_invoice', 'get_invoice', 'delete_invoice', 'get_status']);
    written.push(...invoices.map((item) => item.tool));
    // The same command again: one grouped line for the tools already there, and a run that wrote nothing says so.
    const again = await openapi(fixture('petstore.yaml'));
    expect(again.code).toBe(0);
    expect(again.output.trim().split('\n')).toEqual([
      'openapi: nothing written: 3 operation(s) skipped, every tool already exists (--update regenerates them).',
      'openapi:   skipped 3: the tool file already exists (list_pets, create_pets, show_pet_by_id)',
      expect.stringMatching(/^openapi: the document's server is http:\/\/petstore\.swagger\.io\/v1, base path \/v1: /),
    ]);
  }, 300_000);

  it('refuses an invalid document with exit code 1, and an unknown operation', async () => {
    writeFileSync(join(copy.root, 'broken.yaml'), 'openapi: 3.0.0\npaths: {}\n');
    expect(await openapi('broken.yaml')).toMatchObject({ code: 1, output: expect.stringContaining('is not a valid OpenAPI document') });
    await expect(generateTools({ ...common(), file: fixture('petstore.yaml'), operations: ['nope'] })).rejects.toThrow(
      'no operation nope (closest: listPets, createPets, showPetById) in the document',
    );
  });
});

describe('everything written', () => {
  it('type-checks, and its tests pass at once', async () => {
    const typecheck = await copy.typecheckTools();
    expect(typecheck.output).toBe('');
    expect(typecheck.code).toBe(0);
    const jest = await copy.jest(`tools/(${written.join('|')})\\.test\\.ts`);
    // The --view tool's browser test runs where Chromium is (CI installs it) and skips where it is not
    // (a fresh clone's `npm test` on a machine without one), as the test below shows on its own.
    const total = written.length;
    expect(jest.output).toMatch(
      chromiumPath() ? new RegExp(`Test Suites: ${total} passed, ${total} total`) : new RegExp(`Test Suites: 1 skipped, ${total - 1} passed, ${total - 1} of ${total} total`),
    );
    expect(jest.code).toBe(0);
  }, 600_000);

  it("the --view tool's browser test passes without Chromium too (skipped)", async () => {
    const jest = await copy.jest('tools/show_thing\\.view\\.test\\.ts', { CHROMIUM_PATH: 'none' });
    expect(jest.output).toMatch(/Test Suites: +1 skipped, 0 of 1 total/);
    expect(jest.output).toMatch(/Tests: +1 skipped, 1 total/);
    expect(jest.code).toBe(0);
  }, 300_000);
});
