// The choices `npm run openapi` makes and writes into its review notes, on a small document
// written here: fixed headers (UPSTREAM_HEADERS), `x-` destructive hints, empty bodies, form-body
// encodings; and the generator's options: --path, several --tag values, closest ids, --update, --help.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'qs';
import { generateTools } from '../../cli/openapi/generate';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, select, type Operation } from '../../cli/openapi/operations';
import { plainText } from '../../cli/openapi/plain-text';
import { formBody, openApiParameters } from '../../src/tools/openapi-params';
import { ROOT, emptyTools } from '../support/project-copy';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const ok = { '200': { description: 'done', content: { 'application/json': { schema: { type: 'object' } } } } };

function documentWith(summary: string): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'review', version: '1' },
    paths: {
      '/repos/{owner}/issues': {
        parameters: [{ name: 'owner', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'listIssues',
          tags: ['issues'],
          summary,
          parameters: [
            { name: 'X-GitHub-Api-Version', in: 'header', required: true, schema: { type: 'string', enum: ['2022-11-28'] } },
          ],
          responses: { '200': { description: 'issues', content: { 'application/vnd.github+json': { schema: { type: 'array', items: { type: 'object' } } } } } },
        },
        post: {
          operationId: 'purgeIssues',
          tags: ['admin'],
          'x-destructive': true,
          requestBody: { content: { 'application/json': { schema: { type: 'object', properties: {}, additionalProperties: false } } } },
          responses: ok,
        },
      },
      '/notes': {
        post: {
          operationId: 'createNote',
          tags: ['notes'],
          requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
          responses: ok,
        },
      },
    },
  };
}

let dir: string;
let operations: Operation[];
const op = (id: string) => operations.find((candidate) => candidate.operationId === id)!;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'openapi-review-'));
  writeFileSync(join(dir, 'api.json'), JSON.stringify(documentWith('List issues')));
  operations = listOperations(await loadDocument(join(dir, 'api.json')));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('review notes and inputs', () => {
  it('a required header with one value, and a vendor Accept, become UPSTREAM_HEADERS, not inputs', () => {
    expect(op('listIssues').parameters.map((p) => p.name)).toEqual(['owner']);
    expect(op('listIssues').notes).toContain(
      'the document requires fixed headers: set UPSTREAM_HEADERS={"Accept":"application/vnd.github+json","X-GitHub-Api-Version":"2022-11-28"} (they are not model inputs)',
    );
  });

  it('an empty body schema gives no body input; a free-form POST body is kept', () => {
    expect(op('purgeIssues').body).toBeUndefined();
    expect(op('createNote').body?.kind).toBe('json');
  });

  it('an x-destructive hint marks a POST destructive', async () => {
    const root = projectRoot();
    const planned = await generateTools({ root, file: join(dir, 'api.json'), dryRun: false, tags: ['admin'], operations: [] });
    expect(planned[0]?.review).toContain("marked destructive from the document's x-destructive: check it");
    expect(readFileSync(join(root, 'tools/purge_issues.ts'), 'utf8')).toContain('annotations: { destructiveHint: true, idempotentHint: false },');
  });
});

describe('form bodies and deepObject queries', () => {
  it('follow each encoding entry: deepObject to any depth, form with or without explode, a JSON contentType', () => {
    const body = {
      expand: ['a', 'b'],
      shipping: { address: { city: 'Berlin', lines: ['x', 'y'] }, name: 'A & B' },
      tax_id_data: [{ type: 'eu_vat', value: 'DE1' }],
      tags: ['t1', 't2'],
      ids: [1, 2],
      meta: { a: 1 },
    };
    const encoding = {
      expand: { style: 'deepObject' as const, explode: true },
      shipping: { style: 'deepObject' as const, explode: true },
      ids: { style: 'form' as const, explode: false },
      meta: { contentType: 'application/json' },
    };
    const sent = formBody(body, encoding);
    expect(sent).toBe(
      'expand[0]=a&expand[1]=b&shipping[address][city]=Berlin&shipping[address][lines][0]=x&shipping[address][lines][1]=y&shipping[name]=A%20%26%20B' +
        '&tax_id_data[0][type]=eu_vat&tax_id_data[0][value]=DE1&tags=t1&tags=t2&ids=1,2&meta=%7B%22a%22%3A1%7D',
    );
    // tax_id_data has no encoding entry: a nested value goes in bracket notation. qs reads it all back.
    expect(parse(sent, { duplicates: 'last' })).toEqual({
      expand: ['a', 'b'],
      shipping: { address: { city: 'Berlin', lines: ['x', 'y'] }, name: 'A & B' },
      tax_id_data: [{ type: 'eu_vat', value: 'DE1' }],
      tags: 't2',
      ids: '1,2',
      meta: '{"a":1}',
    });
  });

  it('a deepObject query parameter nests too', () => {
    const wire = openApiParameters('/v1/customers', [{ name: 'created', key: 'created', in: 'query', style: 'deepObject', explode: true }]);
    const { search } = wire({ created: { gt: 1, range: [2, 3], nested: { deep: 'x y' } } });
    expect(search).toBe('created[gt]=1&created[range][0]=2&created[range][1]=3&created[nested][deep]=x%20y');
    expect(parse(search ?? '', { duplicates: 'last' })).toEqual({ created: { gt: '1', range: ['2', '3'], nested: { deep: 'x y' } } });
  });
});

describe('descriptions in plain text', () => {
  it.each([
    ['<p>Cancel a <code>PaymentIntent</code> &amp; <a href="/docs">more</a>.</p>', 'Cancel a PaymentIntent & more.'],
    ['See [the docs](https://example.com/a_(b)) for **bold** and `code`.', 'See the docs for bold and code.'],
    ['# Title\n\n* one\n* two', 'Title\n\n- one\n- two'],
    ['snake_case_name stays; 2 * 3 * 4 stays', 'snake_case_name stays; 2 * 3 * 4 stays'],
  ])('%j → %j', (input, expected) => {
    expect(plainText(input)).toBe(expected);
  });
});

describe('choosing operations', () => {
  it('--path takes a path and what is under it, or a * pattern; --tag takes several', () => {
    expect(select(operations, { tags: [], operations: [], paths: ['/repos'] }).map((o) => o.operationId)).toEqual(['listIssues', 'purgeIssues']);
    expect(select(operations, { tags: [], operations: [], paths: ['/*/issues'] }).map((o) => o.operationId)).toEqual(['listIssues', 'purgeIssues']);
    expect(select(operations, { tags: [], operations: [], paths: ['/no*'] }).map((o) => o.operationId)).toEqual(['createNote']);
    expect(select(operations, { tags: [], operations: [], paths: ['/repos/*/issues'] }).map((o) => o.operationId)).toEqual(['listIssues', 'purgeIssues']);
    expect(select(operations, { tags: ['notes', 'ISSUES'], operations: [] }).map((o) => o.operationId)).toEqual(['listIssues', 'createNote']);
    expect(() => select(operations, { tags: [], operations: [], paths: ['/nothing'] })).toThrow("no operation's path matches /nothing");
  });

  it('an unknown operation id is answered with the closest ones, not the whole list', async () => {
    const stripe = listOperations(await loadDocument(join(ROOT, 'test/fixtures/openapi/stripe-customers-payment-intents.json')));
    expect(() => select(stripe, { tags: [], operations: ['GetPaymentIntent'] })).toThrow(
      'no operation GetPaymentIntent (closest: GetPaymentIntents, GetPaymentIntentsIntent, GetPaymentIntentsSearch, PostPaymentIntents, PostPaymentIntentsIntent) in the document',
    );
    expect(() => select(stripe, { tags: [], operations: ['PostCustomerz'] })).toThrow(/^no operation PostCustomerz \(closest: PostCustomers, /);
  });
});

/** A project root with an empty tools/ (generated files import ../src/tools, which they never load here). */
function projectRoot(): string {
  const root = mkdtempSync(join(dir, 'root-'));
  emptyTools(root);
  return root;
}

describe('--update', () => {
  it('regenerates a tool whose document changed, keeping the fork region; without the region it writes a .new to compare', async () => {
    const root = projectRoot();
    const file = join(dir, 'api.json');
    await generateTools({ root, file, dryRun: false, tags: [], operations: ['listIssues', 'createNote'] });
    const tool = join(root, 'tools/list_issues.ts');
    const forked = readFileSync(tool, 'utf8').replace('    return JSON.stringify(answer ?? { ok: true });\n', "    return 'shaped by the fork';\n");
    writeFileSync(tool, forked);
    const note = join(root, 'tools/create_note.ts');
    writeFileSync(note, readFileSync(note, 'utf8').replace(/.*openapi:fork-(begin|end).*\n/g, ''));

    writeFileSync(file, JSON.stringify(documentWith('List the issues of an owner')));
    const refused = await generateTools({ root, file, dryRun: false, tags: [], operations: ['listIssues'] });
    expect(refused[0]?.action).toBe('skipped: tools/list_issues.ts already exists (--update regenerates it)');

    const planned = await generateTools({ root, file, dryRun: false, tags: [], operations: ['listIssues', 'createNote'], update: true });
    expect(planned.map((item) => item.action)).toEqual(['update', 'update: tools/create_note.ts has no openapi:fork region; the new version is in tools/create_note.ts.new to compare']);
    const updated = readFileSync(tool, 'utf8');
    expect(updated).toContain("description: 'List the issues of an owner',");
    expect(updated).toContain("    return 'shaped by the fork';\n");
    expect(readFileSync(`${note}.new`, 'utf8')).toContain('openapi:fork-begin');
    // Listed once in tools/index.ts, not twice.
    expect(readFileSync(join(root, 'tools/index.ts'), 'utf8').match(/import listIssues/g)).toHaveLength(1);

    const again = await generateTools({ root, file, dryRun: false, tags: [], operations: ['listIssues'], update: true });
    expect(again[0]?.action).toBe('skipped: unchanged');
  });
});

describe('--help', () => {
  it.each([
    ['cli/openapi/main.ts', /^usage: npm run openapi -- <file\.yaml\|file\.json\|file:\/\/…> \[options\]\n[\s\S]*--path pattern…[\s\S]*--update/],
    ['cli/new-tool/main.ts', /^usage: npm run new-tool -- <name>/],
  ])('%s prints its usage and exits 0', (script, usage) => {
    const run = spawnSync(process.execPath, [TSX, join(ROOT, script), '--help'], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(usage);
  });
});
