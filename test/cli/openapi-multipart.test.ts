// `npm run openapi` on multipart/form-data operations (file uploads): which parts become file inputs, by
// rules any document meets (a binary format, contentMediaType, a non-text type in `encoding`); and Xero
// Files' upload (test/fixtures/openapi/xero-files-upload.json) generated into a project copy, type-checked,
// called through the real tool server with a file from the hub emulator's library and with content, and
// read back part by part by undici's multipart parser on a loopback API.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHubClient, type HubClient } from '../../src/hub';
import { generateTools, type Planned } from '../../cli/openapi/generate';
import { listOperations } from '../../cli/openapi/operations';
import type { OpenApiDocument } from '../../cli/openapi/load';
import { testArguments } from '../../cli/openapi/test-file';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import { startMultipartApi, type MultipartApi } from '../support/multipart-api';
import type { UploadCall } from '../support/openapi-upload-calls';
import { startEmulator, TEST_KEYS, type StartedEmulator } from '../hub-emulator/start-emulator';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const XERO = join(ROOT, 'test/fixtures/openapi/xero-files-upload.json');

/** A document with one POST /upload whose body is `content`. */
const upload = (content: Record<string, unknown>) =>
  listOperations({ openapi: '3.1.0', paths: { '/upload': { post: { operationId: 'upload', requestBody: { required: true, content }, responses: { 201: { description: 'ok' } } } } } } as unknown as OpenApiDocument)[0]!;

describe('reading a multipart/form-data body', () => {
  it('binary, base64 and byte formats, contentMediaType, and a non-text encoding type are files (a binary text file too); text, numbers and objects are not', () => {
    const op = upload({
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['scan'],
          properties: {
            scan: { type: 'string', format: 'binary', description: 'The scan' },
            packed: { type: 'string', format: 'base64' },
            bytes: { type: 'string', format: 'byte' },
            audio: { type: 'string', contentMediaType: 'audio/wav' },
            photo: { type: 'string' },
            pages: { type: 'array', items: { type: 'string', format: 'binary' } },
            note: { type: 'string' },
            count: { type: 'integer' },
            meta: { type: 'object', properties: { title: { type: 'string' } } },
            caption: { type: 'string', format: 'binary' },
          },
        },
        encoding: { photo: { contentType: 'image/png' }, caption: { contentType: 'text/vtt' }, note: { contentType: 'text/plain' }, meta: { contentType: 'application/vnd.api+json' } },
      },
    });
    expect(op.unsupported).toBeUndefined();
    expect(op.body?.kind).toBe('multipart');
    expect(op.body?.parts).toEqual({
      scan: { file: true },
      packed: { file: true },
      bytes: { file: true },
      audio: { file: true, contentType: 'audio/wav' },
      photo: { file: true, contentType: 'image/png' },
      pages: { file: true },
      note: { contentType: 'text/plain' },
      meta: { contentType: 'application/vnd.api+json' },
      caption: { file: true, contentType: 'text/vtt' },
    });
    const inputs = op.body?.schema.properties ?? {};
    expect(inputs.scan).toMatchObject({ type: 'object', description: "The scan. A file: give library (a file name in the user's library), text, or base64." });
    expect(Object.keys(inputs.scan?.properties ?? {})).toEqual(['library', 'text', 'base64', 'filename', 'contentType']);
    expect(inputs.pages).toMatchObject({ type: 'array', items: { type: 'object', properties: { library: { type: 'string' } } } });
    expect([inputs.note, inputs.count]).toEqual([{ type: 'string' }, { type: 'integer' }]);
    expect(op.body?.schema.required).toEqual(['scan']);
  });

  it('the generated test fills a required file input with text', () => {
    const op = upload({ 'multipart/form-data': { schema: { type: 'object', required: ['file', 'title'], properties: { file: { type: 'string', format: 'binary' }, title: { type: 'string' } } } } });
    expect(testArguments(op)).toEqual({ body: { file: { text: 'example' }, title: 'example' } });
  });

  it('a multipart body with no parts, and multipart types other than form-data, are left to be written by hand', () => {
    expect(upload({ 'multipart/form-data': { schema: { type: 'string', format: 'binary' } } }).unsupported).toBe(
      'its multipart/form-data body names no parts (no properties in its schema): write this tool by hand',
    );
    expect(upload({ 'multipart/mixed': { schema: { type: 'object', properties: { a: { type: 'string' } } } } }).unsupported).toBe(
      'the request body is multipart/mixed (a file upload): write this tool by hand',
    );
  });
});

describe("Xero Files' upload, generated and round-tripped", () => {
  let copy: ProjectCopy;
  let planned: Planned[];
  let hub: StartedEmulator;
  let hubClient: HubClient;
  let api: MultipartApi;
  let outcomes: Array<{ tool: string; isError: boolean; text: string }>;
  const INVOICE = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xfe, 0x0a]);
  const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]);

  beforeAll(async () => {
    copy = copyProject('openapi-multipart-');
    emptyTools(copy.root);
    planned = await generateTools({ root: copy.root, file: XERO, dryRun: false, tags: [], operations: [] });
    hub = await startEmulator();
    api = await startMultipartApi();
    hubClient = createHubClient({ baseUrl: hub.url, keys: { embed: TEST_KEYS.embed } });
    await hubClient.bind({ wsId: 'ws-books', identity: { userId: 'u-books' }, authArtifacts: { headers: {} } });
    hub.emulator.libraries.put('u-books', 'invoice-0042.pdf', INVOICE, 'application/pdf');
    const headers = { authorization: 'Bearer books', 'x-session-id': hub.emulator.bindings.get('ws-books')?.sessionId ?? '' };
    const calls: UploadCall[] = [
      {
        tool: 'upload_file',
        args: { xeroTenantId: 'tenant-1', FolderId: '4ff1e5cc-9835-40d5-bb18-09fdb118db9c', body: { body: { library: 'invoice-0042.pdf' }, name: 'invoice-0042.pdf', filename: 'invoice-0042.pdf', mimeType: 'application/pdf' } },
        headers,
      },
      { tool: 'upload_file', args: { xeroTenantId: 'tenant-1', body: { body: { base64: LOGO.toString('base64'), filename: 'logo.png', contentType: 'image/png' }, name: 'logo.png' } }, headers },
    ];
    const env = { HUB_URL: hub.url, HUB_FILES_READ_KEY: TEST_KEYS.filesRead };
    const out = join(copy.root, 'upload-calls.json');
    const run = await copy.node([TSX, 'test/support/openapi-upload-calls.ts', XERO, api.url, JSON.stringify(env), JSON.stringify(calls), out]);
    if (run.code !== 0) throw new Error(`openapi-upload-calls failed:\n${run.output}`);
    outcomes = JSON.parse(readFileSync(out, 'utf8')) as typeof outcomes;
  }, 180_000);
  afterAll(async () => {
    await hubClient?.close();
    await api?.close();
    await hub?.close();
    copy?.remove();
  });

  it('the upload is written as a tool, and the fork type-checks with it', async () => {
    expect(planned.map((item) => [item.tool, item.action])).toEqual([['upload_file', 'write']]);
    expect(readFileSync(join(copy.root, 'tools/upload_file.ts'), 'utf8')).toContain('await multipartBody(ctx.files, input.body, { body: { file: true } })');
    expect(await copy.typecheckTools()).toMatchObject({ code: 0 });
  }, 180_000);

  it('a library file reaches the API as the part `body` with its name, type and exact bytes; the other parts as text, in the order of the document', () => {
    expect(outcomes[0]).toEqual({ tool: 'upload_file', isError: false, text: '{"Id":"file-1"}' });
    const [first] = api.received;
    expect([first?.method, first?.url, first?.headers['xero-tenant-id']]).toEqual(['POST', '/Files?FolderId=4ff1e5cc-9835-40d5-bb18-09fdb118db9c', 'tenant-1']);
    expect(first?.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(first?.parts).toEqual([
      { name: 'body', filename: 'invoice-0042.pdf', type: 'application/pdf', bytes: INVOICE },
      { name: 'filename', bytes: Buffer.from('invoice-0042.pdf') },
      { name: 'mimeType', bytes: Buffer.from('application/pdf') },
      { name: 'name', bytes: Buffer.from('invoice-0042.pdf') },
    ]);
  });

  it('content the model passes in base64 arrives as the same bytes, with the filename and type it gave', () => {
    expect(outcomes[1]).toEqual({ tool: 'upload_file', isError: false, text: '{"Id":"file-1"}' });
    expect(api.received[1]?.parts).toEqual([
      { name: 'body', filename: 'logo.png', type: 'image/png', bytes: LOGO },
      { name: 'name', bytes: Buffer.from('logo.png') },
    ]);
  });
});
