// `npm run openapi` on real public documents (test/fixtures/openapi): the tools it writes into a copy of
// the project type-check and their tests pass; choices, refusals and the schema conversion in detail.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOpenApiArgs } from '../../cli/openapi/args';
import { generateTools } from '../../cli/openapi/generate';
import { loadDocument, localPath, OpenApiLoadError } from '../../cli/openapi/load';
import { listOperations, select } from '../../cli/openapi/operations';
import type { Schema } from '../../cli/openapi/schema';
import { toZod } from '../../cli/openapi/to-zod';
import { toolSource } from '../../cli/openapi/tool-file';
import { copyProject, ROOT, type ProjectCopy } from '../support/project-copy';

const FIXTURES = join(ROOT, 'test/fixtures/openapi');
const fixture = (name: string) => join(FIXTURES, name);

describe('npm run openapi, in a copy of the project', () => {
  let copy: ProjectCopy;
  const openapi = (...args: string[]) => copy.node([join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'cli/openapi/main.ts'), ...args]);
  const toolFiles = () => readdirSync(join(copy.root, 'tools')).sort();

  beforeAll(() => {
    copy = copyProject('openapi-');
  });
  afterAll(() => copy.remove());

  it('a dry run lists what it would write and writes nothing', async () => {
    const before = toolFiles();
    const run = await openapi(fixture('petstore.yaml'), '--dry-run');
    expect(run.output).toContain('openapi: tools/show_pet_by_id.ts  GET /pets/{petId}  would write');
    expect(run.output).toContain('dry run, nothing written (3 tool(s) would be written)');
    expect(run.code).toBe(0);
    expect(toolFiles()).toEqual(before);
  });

  it('writes Petstore 3.0, chosen parts of the Petstore-expanded 3.0 and the Museum 3.1 documents: they type-check and their tests pass', async () => {
    expect((await openapi(fixture('petstore.yaml'))).code).toBe(0);
    // The same generator in-process (the command line is covered above): quicker than a process each.
    const common = { root: copy.root, dryRun: false, tags: [], operations: [] };
    await generateTools({ ...common, file: fixture('petstore-expanded.yaml'), operations: ['findPets', 'addPet', 'deletePet'] });
    const museum = await generateTools({ ...common, file: localPath(`file://${fixture('museum.yaml')}`), tags: ['Events', 'Tickets'] });
    expect(museum.find((item) => item.tool === 'get_ticket_code')?.action).toMatch(/^skipped: it answers image\/png, not JSON/);

    const written = ['list_pets', 'create_pets', 'show_pet_by_id', 'find_pets', 'add_pet', 'delete_pet', 'list_special_events',
      'create_special_event', 'get_special_event', 'update_special_event', 'delete_special_event', 'buy_museum_tickets'];
    for (const name of written) expect(existsSync(join(copy.root, `tools/${name}.test.ts`))).toBe(true);
    const index = readFileSync(join(copy.root, 'tools/index.ts'), 'utf8');
    expect(index).toContain("import showPetById from './show_pet_by_id';");
    expect(index).toMatch(/saveOrdersCsv, listPets, createPets, showPetById, findPets, addPet, deletePet, /);
    const showPet = readFileSync(join(copy.root, 'tools/show_pet_by_id.ts'), 'utf8');
    expect(showPet).toContain("petId: z.string().describe('The id of the pet to retrieve.')");
    expect(showPet).toContain("ctx.api.get<unknown>('/pets/:petId', { params: { petId: input.petId } })");
    expect(readFileSync(join(copy.root, 'tools/delete_special_event.ts'), 'utf8')).toContain('destructiveHint: true');

    // Running it again writes nothing new: every tool exists.
    const again = await openapi(fixture('petstore.yaml'));
    expect(again.output).toContain('skipped: tools/list_pets.ts already exists');

    const typecheck = await copy.typecheckTools();
    expect(typecheck.output).toBe('');
    // Every file type-checked above; the tests of one of each shape run (path, array query, body, 3.1 body and path, DELETE).
    const shapes = ['show_pet_by_id', 'find_pets', 'add_pet', 'update_special_event', 'delete_special_event'];
    const jest = await copy.jest(`tools/(${shapes.join('|')})\\.test\\.ts`);
    expect(jest.output).toMatch(/Test Suites: 5 passed, 5 total/);
    expect(jest.code).toBe(0);
  }, 90_000);

  it('refuses an invalid document, an unknown operation and a remote URL, with exit code 1', async () => {
    writeFileSync(join(copy.root, 'broken.yaml'), 'openapi: 3.0.0\npaths: {}\n');
    expect(await openapi('broken.yaml')).toMatchObject({ code: 1, output: expect.stringContaining('is not a valid OpenAPI document') });
    expect(await openapi(fixture('petstore.yaml'), '--operation', 'nope')).toMatchObject({
      code: 1,
      output: expect.stringContaining('no operation nope in the document (it has: listPets, createPets, showPetById)'),
    });
    expect(await openapi('https://example.com/openapi.yaml')).toMatchObject({ code: 1, output: expect.stringContaining('give a local file') });
  });
});

describe('reading operations', () => {
  it('lists path and query parameters, the JSON body, and leaves header parameters out', async () => {
    const operations = listOperations(await loadDocument(fixture('museum.yaml')));
    const update = operations.find((op) => op.operationId === 'updateSpecialEvent');
    expect(update).toMatchObject({ toolName: 'update_special_event', method: 'PATCH', apiPath: '/special-events/:eventId', tags: ['Events'] });
    expect(update?.body?.required).toBe(true);
    const hours = operations.find((op) => op.operationId === 'getMuseumHours');
    expect(hours?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['startDate', 'query', false],
      ['page', 'query', false],
      ['limit', 'query', false],
    ]);
  });

  it('chooses by tag (any case) and by operationId; an unknown tag is refused', async () => {
    const operations = listOperations(await loadDocument(fixture('museum.yaml')));
    expect(select(operations, { tags: ['operations'], operations: [] }).map((op) => op.toolName)).toEqual(['get_museum_hours']);
    expect(select(operations, { tags: [], operations: ['buyMuseumTickets'] }).map((op) => op.toolName)).toEqual(['buy_museum_tickets']);
    expect(() => select(operations, { tags: ['Gifts'], operations: [] })).toThrow('no operation has the tag gifts');
  });

  it('a description from summary and description, annotations from the method', async () => {
    const operations = listOperations(await loadDocument(fixture('museum.yaml')));
    const source = toolSource(operations.find((op) => op.operationId === 'getSpecialEvent')!, 'museum');
    expect(source).toContain("description: 'Get special event\\n\\nGet details about a special event.'");
    expect(source).toContain('annotations: { readOnlyHint: true }');
  });

  it('refuses a Swagger 2.0 document and a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swagger2-'));
    try {
      writeFileSync(join(dir, 'swagger.json'), JSON.stringify({ swagger: '2.0', info: { title: 't', version: '1' }, paths: {} }));
      await expect(loadDocument(join(dir, 'swagger.json'))).rejects.toThrow(/Swagger 2.0 document: convert it to OpenAPI 3/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    await expect(loadDocument(fixture('missing.yaml'))).rejects.toBeInstanceOf(OpenApiLoadError);
    expect(() => localPath('http://example.com/x.yaml')).toThrow(OpenApiLoadError);
    expect(localPath('api.yaml', '/project')).toBe('/project/api.yaml');
  });
});

describe('JSON Schema to zod', () => {
  it.each([
    [{ type: 'string', minLength: 1, maxLength: 5, description: 'A code' }, "z.string().min(1).max(5).describe('A code.')"],
    [{ type: 'integer', minimum: 0, exclusiveMaximum: 10 }, 'z.number().int().min(0).lt(10)'],
    [{ type: 'number', minimum: 0, exclusiveMinimum: true }, 'z.number().gt(0)'],
    [{ type: ['string', 'null'] }, 'z.string().nullable()'],
    [{ type: 'string', nullable: true, format: 'date' }, "z.string().nullable().describe('Format: date.')"],
    [{ enum: ['open', 'closed'] }, "z.enum(['open', 'closed'])"],
    [{ const: 3 }, 'z.literal(3)'],
    [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, 'z.union([z.string(), z.number().int()])'],
    [{ type: 'object', additionalProperties: { type: 'number' } }, 'z.record(z.string(), z.number())'],
    [{ type: 'array', items: { type: 'boolean' }, maxItems: 3 }, 'z.array(z.boolean()).max(3)'],
    [{ type: 'string', pattern: '^a+$', default: 'a' }, "z.string().describe('Pattern: ^a+$. Default: \"a\".')"],
  ])('%j → %s', (schema, expected) => {
    expect(toZod(schema)).toBe(expected);
  });

  it('merges allOf objects and leaves read-only properties out of what is sent', () => {
    const schema: Schema = {
      allOf: [
        { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        { type: 'object', properties: { id: { type: 'integer', readOnly: true }, tag: { type: 'string' } } },
      ],
    };
    expect(toZod(schema)).toBe("z.object({\n      name: z.string(),\n      tag: z.string().optional(),\n    })");
  });

  it('a schema that contains itself becomes z.unknown() below the first level', () => {
    const node: Schema = { type: 'object', properties: {} };
    node.properties!.child = node;
    expect(toZod(node)).toBe('z.object({\n      child: z.unknown().optional(),\n    })');
  });
});

describe('openapi arguments', () => {
  it.each([
    [['api.yaml'], { source: 'api.yaml', tags: [], operations: [], dryRun: false }],
    [['api.yaml', '--tag', 'A', '--tag', 'B', '--dry-run'], { source: 'api.yaml', tags: ['A', 'B'], operations: [], dryRun: true }],
    [['api.yaml', '--operation', 'a', 'b', '--operation', 'c'], { source: 'api.yaml', tags: [], operations: ['a', 'b', 'c'], dryRun: false }],
    [[], 'give the OpenAPI file'],
    [['api.yaml', '--tag'], '--tag needs a value'],
    [['api.yaml', '--force'], 'unknown option --force'],
  ])('%j → %j', (argv, expected) => {
    expect(parseOpenApiArgs(argv)).toEqual(expected);
  });
});
