// What a model reads of `npm run openapi`'s tools, on the Petstore 3 document of
// @readme/oas-examples and on the real documents of test/fixtures/openapi: secrets skipped unless asked,
// descriptions without tester notes and never identical, hints by method, names unique and valid, and
// the summary the generator ends with.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTools } from '../../cli/openapi/generate';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, uniqueName, type Operation } from '../../cli/openapi/operations';
import { isSecretName } from '../../cli/openapi/secrets';
import { summaryLines } from '../../cli/openapi/summary';
import { toolSource } from '../../cli/openapi/tool-file';
import { annotationsFor, baseDescription, distinctDescriptions } from '../../cli/openapi/wording';
import { ROOT, emptyTools } from '../support/project-copy';

const PETSTORE = join(ROOT, 'node_modules/@readme/oas-examples/3.0/json/petstore.json');
const fixture = (name: string) => join(ROOT, 'test/fixtures/openapi', name);
/** The MCP tool-name rule (2025-11-25: 1-128 of A-Z a-z 0-9 _ - .), with this project's own limit of 64. */
const MCP_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

let petstore: Operation[];
beforeAll(async () => {
  petstore = listOperations(await loadDocument(PETSTORE));
});
const op = (id: string) => petstore.find((candidate) => candidate.operationId === id)!;

describe('secret inputs', () => {
  it('are found by format: password and by name, in parameters and bodies', () => {
    expect(op('loginUser').secrets).toEqual(['password']);
    expect(op('findPetsByStatus').secrets).toEqual([]);
  });

  it('an optional one is left out of the input with a note, the operation kept; --include-secrets keeps it', async () => {
    const createUser = op('createUser');
    expect(createUser.secrets).toEqual([]);
    expect(Object.keys(createUser.body?.schema.properties ?? {})).not.toContain('password');
    expect(createUser.notes).toContain('the optional secret password (body) is not an input: a credential comes from the hub, never from the chat');
    const kept = listOperations(await loadDocument(PETSTORE), { includeSecrets: true }).find((candidate) => candidate.operationId === 'createUser')!;
    expect(kept.secrets).toEqual(['password']);
    expect(Object.keys(kept.body?.schema.properties ?? {})).toContain('password');
  });

  it('a page token is not a secret; an access token is', () => {
    expect(['pageToken', 'next_page_token', 'cursor', 'status'].filter(isSecretName)).toEqual([]);
    expect(['password', 'client_secret', 'api_key', 'X-Api-Key', 'access_token', 'refreshToken', 'token'].every(isSecretName)).toBe(true);
  });
});

describe('descriptions', () => {
  it('leave out notes meant for testers', () => {
    expect(op('getOrderById').description).toContain('For valid response try integer IDs');
    expect(baseDescription(op('getOrderById'))).toBe('Find purchase order by ID');
    expect(baseDescription(op('deleteOrder'))).toBe('Delete purchase order by ID');
  });

  it.each(['petstore', 'discourse.json', 'twilio-proxy.json', 'reverb.json'])('are never identical in %s', async (name) => {
    const operations = name === 'petstore' ? petstore : listOperations(await loadDocument(fixture(name)));
    const texts = [...distinctDescriptions(operations).values()];
    expect(new Set(texts).size).toBe(operations.length);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(1000);
  });

  it('operations that read alike end with their method and path', () => {
    const descriptions = distinctDescriptions(petstore);
    expect(baseDescription(op('createUsersWithArrayInput'))).toBe(baseDescription(op('createUsersWithListInput')));
    expect(descriptions.get(op('createUsersWithArrayInput'))).toMatch(/ \(POST \/user\/createWithArray\)$/);
    expect(descriptions.get(op('createUsersWithListInput'))).toMatch(/ \(POST \/user\/createWithList\)$/);
  });
});

describe('hints', () => {
  it.each([
    ['findPetsByStatus', '{ readOnlyHint: true }'],
    ['logoutUser', '{ readOnlyHint: false, idempotentHint: false }'],
    ['deletePet', '{ destructiveHint: true, idempotentHint: true }'],
    ['updatePet', '{ destructiveHint: false, idempotentHint: true }'],
    ['addPet', '{ destructiveHint: false, idempotentHint: false }'],
  ])('%s → %s', (id, annotations) => {
    expect(annotationsFor(op(id)).annotations).toBe(annotations);
  });
});

describe('names', () => {
  it.each(['discourse.json', 'twilio-proxy.json', 'reverb.json'])('are unique and meet the MCP rules in %s', async (name) => {
    const names = listOperations(await loadDocument(fixture(name))).map((candidate) => candidate.toolName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((toolName) => !MCP_NAME.test(toolName))).toEqual([]);
  });

  it('a collision gets a number within 64 characters', () => {
    const long = 'a'.repeat(64);
    expect(uniqueName(long, new Set([long]))).toBe(`${'a'.repeat(62)}_2`);
    expect(uniqueName('get_pet', new Set(['get_pet', 'get_pet_2']))).toBe('get_pet_3');
  });
});

describe('what is generated', () => {
  it('sends a form/explode array as repeated parameters, and a form body form-encoded', async () => {
    expect(toolSource(op('findPetsByStatus'), 'petstore')).toContain("{ name: 'status', key: 'status', in: 'query', explode: true },");
    const twilio = listOperations(await loadDocument(fixture('twilio-proxy.json')));
    const source = toolSource(twilio.find((candidate) => candidate.operationId === 'CreateService')!, 'twilio');
    expect(source).toContain(
      "ctx.api.post<unknown>('/v1/Services', input.body === undefined ? undefined : formBody(input.body), { contentType: 'application/x-www-form-urlencoded' })",
    );
  });

  it('generates multipart bodies as uploads (the file part a file input) and skips redirect-only operations, naming the redirect', async () => {
    expect(op('uploadFile')).toMatchObject({ unsupported: undefined, body: { kind: 'multipart', parts: { file: { file: true } } } });
    const discourse = listOperations(await loadDocument(fixture('discourse.json')));
    expect(discourse.find((candidate) => candidate.toolName === 'get_topic_by_external_id')?.unsupported).toBe(
      'its documented success is a 301 redirect, which ctx.api answers as a failure: write this tool by hand',
    );
  });
});

describe('HEAD operations', () => {
  it('are listed as skipped, saying why, and nothing is written for them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'openapi-head-'));
    try {
      emptyTools(root);
      const document = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/ping': { head: { responses: { '200': { description: 'up' } } } } } };
      writeFileSync(join(root, 'api.json'), JSON.stringify(document));
      const planned = await generateTools({ root, file: join(root, 'api.json'), dryRun: false, tags: [], operations: [] });
      expect(planned).toEqual([{ tool: '', method: 'HEAD', path: '/ping', action: expect.stringMatching(/^skipped: a HEAD request/), review: [] }]);
      expect(summaryLines(planned, false)[1]).toMatch(/^openapi: {3}skipped 1: a HEAD request.* \(HEAD \/ping\)$/);
      expect(readdirSync(join(root, 'tools'))).toEqual(['index.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the summary', () => {
  it('counts what was written, groups what was skipped, and lists what to review', () => {
    const lines = summaryLines(
      [
        { tool: 'find_pets', method: 'GET', path: '/pet', action: 'write', review: [] },
        { tool: 'logout_user', method: 'GET', path: '/user/logout', action: 'write', review: ['a GET that signs in or out is not marked read-only: check what it changes'] },
        { tool: 'login_user', method: 'GET', path: '/user/login', action: 'skipped: it takes a secret as input (password); pass --include-secrets to generate it', review: [] },
        { tool: 'create_user', method: 'POST', path: '/user', action: 'skipped: it takes a secret as input (password); pass --include-secrets to generate it', review: [] },
      ],
      false,
    );
    expect(lines).toEqual([
      'openapi: 2 tool(s) written, each with a test, and listed in tools/index.ts; 2 skipped. Curate them before use.',
      'openapi:   skipped 2: it takes a secret as input; pass --include-secrets to generate it (login_user, create_user)',
      'openapi: to review:',
      'openapi:   a GET that signs in or out is not marked read-only: check what it changes (logout_user)',
      'openapi: then run their tests: npm test -- tools/find_pets tools/logout_user',
    ]);
  });

  it('says what --update did (tests kept), and names all tools past a few', () => {
    const write = (tool: string) => ({ tool, method: 'GET', path: `/${tool}`, action: 'write', review: [] });
    const update = (tool: string) => ({ ...write(tool), action: 'update' });
    expect(summaryLines([update('get_invoice')], false)).toEqual([
      'openapi: 1 updated (fork regions and tests kept); 0 skipped. Curate them before use.',
      'openapi: then run their tests: npm test -- tools/get_invoice',
    ]);
    expect(summaryLines([write('a'), write('b'), write('c'), update('d'), update('e')], false)).toEqual([
      'openapi: 3 tool(s) written, each with a test, and listed in tools/index.ts, 2 updated (fork regions and tests kept); 0 skipped. Curate them before use.',
      'openapi: then run their tests: npm test -- tools/',
    ]);
    expect(summaryLines([write('a')], true)).toEqual(['openapi: dry run, nothing written (1 tool(s) would be written, 0 skipped)']);
  });
});
