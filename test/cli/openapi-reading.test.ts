// How `npm run openapi` reads a document: Swagger 2.0 converted inside (the dev dependency @readme/oas-examples'
// 2.0 documents and a DocuSign-style fixture), validation errors charged to the operations they touch, answers
// declared */* with JSON schemas (DocuSign's subset), Xero Accounting's $ref siblings, and uploads with no body.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerOf, isJsonShaped } from '../../cli/openapi/answers';
import { generateTools } from '../../cli/openapi/generate';
import { readDocument } from '../../cli/openapi/load';
import { listOperations } from '../../cli/openapi/operations';
import { toolSource } from '../../cli/openapi/tool-file';
import { ROOT, emptyTools } from '../support/project-copy';

const fixture = (name: string) => join(ROOT, 'test/fixtures/openapi', name);
const EXAMPLES = join(ROOT, 'node_modules/@readme/oas-examples/2.0');

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'openapi-reading-'));
  emptyTools(root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dryRun = (file: string, more: { skipValidation?: boolean } = {}) => {
  const notes: string[] = [];
  return generateTools({ root, file, dryRun: true, tags: [], operations: [], notes, ...more }).then((planned) => ({ planned, notes }));
};
const line = (item: { method: string; path: string; action: string }) => `${item.method} ${item.path}: ${item.action}`;

/** One valid operation, one with a parameter without `in`, one whose answer is a component with a wrong type. */
const INVALID = {
  openapi: '3.0.3',
  info: { title: 'Partly invalid', version: '1' },
  paths: {
    '/good': { get: { operationId: 'getGood', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } } },
    '/bad': { get: { operationId: 'getBad', parameters: [{ name: 'q', schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } } },
    '/model': { get: { operationId: 'getModel', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Broken' } } } } } } },
  },
  components: { schemas: { Broken: { type: 'object', properties: { size: { type: 'integr' } } }, Unused: { type: 'strnig' } } },
};

describe('validation errors cost the operations they touch', () => {
  let file: string;
  beforeAll(() => {
    file = join(root, 'invalid.json');
    writeFileSync(file, JSON.stringify(INVALID));
  });

  it('names each refused operation with the place in the document and the reason, and reads the rest', async () => {
    const { document, invalid, warnings } = await readDocument(file);
    expect(Object.keys(document.paths ?? {})).toEqual(['/good']);
    expect(invalid.map((item) => `${item.method} ${item.path}`)).toEqual(['GET /bad', 'GET /model']);
    expect(invalid[0]?.reason).toMatch(/^paths\.\/bad\.get\.parameters\[0\]: .*must have required property 'in'/);
    expect(invalid[1]?.reason).toMatch(/^components\.schemas\.Broken\.properties\.size\.type: must be equal to one of the allowed values.*, which it refers to$/);
    expect(warnings).toEqual([expect.stringMatching(/^invalid where no operation depends on it, read as it is: components\.schemas\.Unused\.type: must be equal to one of the allowed values/)]);
  });

  it('the dry run lists them as skipped with the way past, and --skip-validation generates them as written', async () => {
    const strict = await dryRun(file);
    expect(strict.planned.map(line)).toEqual([
      'GET /good: write',
      expect.stringMatching(/^GET \/bad: skipped: the document is invalid there \(paths\.\/bad\.get\.parameters\[0\]: .*\); fix the document, or pass --skip-validation to generate it as written$/),
      expect.stringMatching(/^GET \/model: skipped: the document is invalid there \(components\.schemas\.Broken/),
    ]);
    const loose = await dryRun(file, { skipValidation: true });
    expect(loose.planned.map(line)).toEqual(['GET /good: write', 'GET /bad: write', 'GET /model: write']);
  });

  it('a document without info is refused, saying so; a key the specification does not know at its root is a warning', async () => {
    const broken = join(root, 'no-info.json');
    writeFileSync(broken, JSON.stringify({ openapi: '3.0.3', paths: {} }));
    await expect(readDocument(broken)).rejects.toThrow(/is not a valid OpenAPI document: the document: must have required property 'info'/);
    const extra = join(root, 'extra-key.json');
    writeFileSync(extra, JSON.stringify({ ...INVALID, paths: { '/good': INVALID.paths['/good'] }, components: {}, source: 'discovery' }));
    const { invalid, warnings } = await readDocument(extra);
    expect([invalid, warnings]).toEqual([[], ['invalid where no operation depends on it, read as it is: the document: must NOT have additional properties such as source']]);
  });
});

describe('a document split over files', () => {
  it('is gathered by path before reading: the model from the other file types the answer', async () => {
    const folder = join(root, 'split');
    mkdirSync(folder);
    writeFileSync(join(folder, 'pet.json'), JSON.stringify({ type: 'object', properties: { name: { type: 'string' } } }));
    const answer = { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: './pet.json' } } } } };
    writeFileSync(join(folder, 'api.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Split', version: '1' }, paths: { '/pet': { get: { operationId: 'getPet', responses: answer } } } }));
    const { document } = await readDocument(join(folder, 'api.json'));
    expect((document.paths?.['/pet']?.get?.responses?.[200] as { content: Record<string, { schema: unknown }> }).content['application/json']?.schema).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
  });
});

describe('siblings of a $ref', () => {
  it('a stray allOf object beside a $ref (dnd5eapi.co\'s monster answer) is generated, not a crash', async () => {
    const file = join(root, 'stray-allof.json');
    const schema = { $ref: '#/components/schemas/Monster', allOf: { 3: { properties: { actions: { items: {} } } } } };
    writeFileSync(file, JSON.stringify({
      openapi: '3.0.1',
      info: { title: 'Stray allOf', version: '1' },
      paths: { '/monsters/{index}': { get: { operationId: 'getMonster', parameters: [{ name: 'index', in: 'path', required: true, schema: { type: 'string' } }], responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } } } },
      components: { schemas: { Monster: { type: 'object', properties: { name: { type: 'string' } } } } },
    }));
    expect((await dryRun(file)).planned.map(line)).toEqual(['GET /monsters/{index}: write']);
  });
});

describe('Xero Accounting (subset): shared parameters given as a $ref with a sibling type', () => {
  it('is valid as written: every JSON operation is generated, the octet-stream attachment is a download', async () => {
    const { invalid } = await readDocument(fixture('xero-accounts-invoices.json'));
    expect(invalid).toEqual([]);
    const { planned } = await dryRun(fixture('xero-accounts-invoices.json'));
    expect(planned.map(line)).toEqual([
      'GET /Accounts: write',
      'PUT /Accounts: write',
      'GET /Accounts/{AccountID}/Attachments/{AttachmentID}: skipped: it answers a file download (application/octet-stream), and ctx.api reads JSON answers: write this tool by hand',
      'GET /Invoices: write',
      'POST /Invoices: write',
      'PUT /Invoices: write',
    ]);
  });
});

describe('Swagger 2.0, converted inside', () => {
  it.each([...readdirSync(join(EXAMPLES, 'json')).map((name) => `json/${name}`), ...readdirSync(join(EXAMPLES, 'yaml')).map((name) => `yaml/${name}`)])(
    '@readme/oas-examples 2.0/%s imports with a conversion note and at least one tool',
    async (name) => {
      const { planned, notes } = await dryRun(join(EXAMPLES, name));
      expect(notes).toContain('openapi: warning: the document is Swagger 2.0: converted to OpenAPI 3.0 by swagger2openapi before reading');
      expect(planned.filter((item) => item.action === 'write').length).toBeGreaterThan(0);
    },
  );

  it('the DocuSign-style fixture: produces: [] answers are JSON, the missing definition is one warning, the PDF a download', async () => {
    const { planned, notes } = await dryRun(fixture('swagger2-envelopes.json'));
    expect(planned.map(line)).toEqual([
      'POST /v2.1/accounts/{accountId}/envelopes: write',
      'GET /v2.1/accounts/{accountId}/envelopes/{envelopeId}: write',
      'GET /v2.1/accounts/{accountId}/envelopes/{envelopeId}/documents/{documentId}: skipped: it answers a file download (application/pdf), and ctx.api reads JSON answers: write this tool by hand',
    ]);
    expect(notes.filter((note) => note.includes('does not define'))).toEqual([
      'openapi: warning: components.schemas.envelope.properties.sender refers to #/components/schemas/userInfo, which the document does not define: read as any value',
    ]);
    const ops = listOperations((await readDocument(fixture('swagger2-envelopes.json'))).document);
    const get = ops.find((op) => op.operationId === 'Envelopes_GetEnvelope')!;
    expect([get.answerType, get.parameters.map((p) => `${p.in}:${p.name}`)]).toEqual(['*/*', ['path:accountId', 'path:envelopeId', 'query:include']]);
    expect(toolSource(get, 'envelopes')).toContain("const answer = jsonAnswer(await ctx.api.get('/v2.1/accounts/:accountId/envelopes/:envelopeId', { ...wire(input), as: 'text' }));");
  });
});

describe('answers declared */* (DocuSign subset) and uploads with no body', () => {
  it('every */* answer with a model is generated and read as JSON; the PDF is a download; the bodiless upload is flagged', async () => {
    const { planned } = await dryRun(fixture('docusign-accounts-payments.json'));
    const written = planned.filter((item) => item.action === 'write').map((item) => `${item.method} ${item.path}`);
    expect(written).toEqual([
      'GET /service_information',
      'GET /v2.1/accounts/{accountId}',
      'GET /v2.1/accounts/{accountId}/billing_payments',
      'POST /v2.1/accounts/{accountId}/billing_payments',
      'PUT /v2.1/accounts/{accountId}/chunked_uploads/{chunkedUploadId}',
    ]);
    const upload = planned.find((item) => item.path.endsWith('{chunkedUploadId}'))!;
    expect(upload.review).toContain("its name says upload but the document declares no request body: the tool sends none; check the API's documentation and add the file to the call by hand");
    expect(planned.filter((item) => item.review.some((note) => note.startsWith('its name says upload'))).length).toBe(1);
  });

  it.each([
    ['*/* with an object', 'json-shaped', { '*/*': { schema: { type: 'object', properties: { id: { type: 'string' } } } } }],
    ['text/plain with an array', 'json-shaped', { 'text/plain': { schema: { type: 'array', items: { type: 'string' } } } }],
    ['*/* with a binary string', 'unreadable', { '*/*': { schema: { type: 'string', format: 'binary' } } }],
    ['octet-stream with an object', 'unreadable', { 'application/octet-stream': { schema: { type: 'object' } } }],
    ['XML with an object', 'text', { 'text/xml': { schema: { type: 'object', properties: { a: { type: 'string' } } } } }],
    ['application/xml and an octet-stream', 'text', { 'application/xml': { schema: { type: 'object' } }, 'application/octet-stream': {} }],
    ['CSV', 'text', { 'text/csv': { schema: { type: 'string' } } }],
    ['*/* with a plain string', 'text', { '*/*': { schema: { type: 'string' } } }],
    ['an HTML page', 'unreadable', { 'text/html': { schema: { type: 'string' } } }],
    ['an event stream', 'unreadable', { 'text/event-stream': { schema: { type: 'string' } } }],
    ['protobuf', 'unreadable', { 'application/x-protobuf': { schema: { type: 'string' } } }],
    ['JSON and PDF', 'json', { 'application/json': { schema: { type: 'object' } }, 'application/pdf': {} }],
  ])('an answer of %s is %s', (_name, kind, content) => {
    expect(answerOf({ 200: { content } }).kind).toBe(kind);
  });

  it('a schema is JSON-shaped by its type, properties, items, allOf parts or a $ref left by a cycle', () => {
    expect([{ allOf: [{ properties: { a: {} } }] }, { $ref: '#/components/schemas/Node' }, { oneOf: [{ type: 'object' }, { type: 'array' }] }].map((schema) => isJsonShaped(schema))).toEqual([true, true, true]);
    expect([{ type: 'string' }, { oneOf: [{ type: 'object' }, { type: 'string' }] }, undefined].map((schema) => isJsonShaped(schema))).toEqual([false, false, false]);
  });
});
