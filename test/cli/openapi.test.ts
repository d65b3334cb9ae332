// `npm run openapi`'s reading of real public documents (test/fixtures/openapi), its choices and refusals,
// and the schema conversion. What it writes is type-checked and tested in generated-tools.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseOpenApiArgs } from '../../cli/openapi/args';
import { loadDocument, localPath, OpenApiLoadError } from '../../cli/openapi/load';
import { listOperations, select } from '../../cli/openapi/operations';
import type { Schema } from '../../cli/openapi/schema';
import { toZod } from '../../cli/openapi/to-zod';
import { toolSource } from '../../cli/openapi/tool-file';
import { ROOT } from '../support/project-copy';

const FIXTURES = join(ROOT, 'test/fixtures/openapi');
const fixture = (name: string) => join(FIXTURES, name);

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

  it('refuses a Swagger 1.2 document and a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'swagger1-'));
    try {
      writeFileSync(join(dir, 'swagger.json'), JSON.stringify({ swagger: '1.2', info: { title: 't', version: '1' }, paths: {} }));
      await expect(loadDocument(join(dir, 'swagger.json'))).rejects.toThrow(/says swagger: "1.2"; only Swagger 2.0 and OpenAPI 3.0\/3.1 are read/);
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
    [['api.yaml'], { source: 'api.yaml', tags: [], operations: [], dryRun: false, includeSecrets: false, paths: [], update: false, maxToolKb: 16, maxName: 44, skipValidation: false }],
    [['api.yaml', '--tag', 'A', '--tag', 'B', '--dry-run'], { source: 'api.yaml', tags: ['A', 'B'], operations: [], dryRun: true, includeSecrets: false, paths: [], update: false, maxToolKb: 16, maxName: 44, skipValidation: false }],
    [['api.yaml', '--operation', 'a', 'b', '--operation', 'c'], { source: 'api.yaml', tags: [], operations: ['a', 'b', 'c'], dryRun: false, includeSecrets: false, paths: [], update: false, maxToolKb: 16, maxName: 44, skipValidation: false }],
    [['api.yaml', '--tag', 'a', 'b', '--tag', 'c', '--path', '/v1/customers', '/v1/*/search', '--update', '--max-tool-kb', '8'], { source: 'api.yaml', tags: ['a', 'b', 'c'], operations: [], dryRun: false, includeSecrets: false, paths: ['/v1/customers', '/v1/*/search'], update: true, maxToolKb: 8, maxName: 44, skipValidation: false }],
    [['--tag', 'issues', 'pulls', 'github.json'], { source: 'github.json', tags: ['issues', 'pulls'], operations: [], dryRun: false, includeSecrets: false, paths: [], update: false, maxToolKb: 16, maxName: 44, skipValidation: false }],
    [['api.yaml', '--include-secrets'], { source: 'api.yaml', tags: [], operations: [], dryRun: false, includeSecrets: true, paths: [], update: false, maxToolKb: 16, maxName: 44, skipValidation: false }],
    [['api.yaml', '--skip-validation'], { source: 'api.yaml', tags: [], operations: [], dryRun: false, includeSecrets: false, paths: [], update: false, maxToolKb: 16, maxName: 44, skipValidation: true }],
    [['--survey', 'api', '--sample', '40'], { source: '', tags: [], operations: [], dryRun: false, includeSecrets: false, paths: [], update: false, maxToolKb: 16, maxName: 44, skipValidation: false, survey: 'api', sample: 40 }],
    [['--survey', 'api', 'x.json'], '--survey reads a folder, not a file (got x.json)'],
    [['api.yaml', '--sample', '3'], '--sample and --shard go with --survey <folder>'],
    [['--survey', 'api', '--shard', '3/3'], '--shard needs i/n with i below n (e.g. 0/3)'],
    [['--survey', 'api', '--sample', '0'], '--sample needs a whole number of documents (1 or more)'],
    [[], 'give the OpenAPI file'],
    [['api.yaml', '--tag'], '--tag needs a value'],
    [['api.yaml', '--force'], 'unknown option --force'],
    [['api.yaml', '--max-tool-kb', 'big'], '--max-tool-kb needs a number of KB (1 or more)'],
  ])('%j → %j', (argv, expected) => {
    expect(parseOpenApiArgs(argv)).toEqual(expected);
  });
});
