// multipartBody (src/tools/multipart-body.ts) in a hand-written upload tool on a real tool server: a file
// from the user's library at the hub emulator or content the model passes, sent through ctx.api, and read
// back part by part by undici's multipart parser on a loopback API; the size limit and the hub left unset.
import { z } from 'zod';
import { createHubClient, type HubClient } from '../../src/hub';
import { defineTool, type Caller } from '../../src/tools';
import { Response } from 'undici';
import { fileInput, multipartBody, type MultipartPart } from '../../src/tools/multipart-body';
import { userFiles } from '../../src/user-files';
import { startToolServer, type TestServer } from '../../src/tools/testing';
import { startEmulator, TEST_KEYS, type StartedEmulator } from '../hub-emulator/start-emulator';
import { startMultipartApi, type MultipartApi } from '../support/multipart-api';

/** The tool docs/tools.md shows (a file, a folder id, metadata sent as a JSON part), with a list of files and a number. */
const uploadDocument = defineTool({
  name: 'upload_document',
  description: 'Upload a file to the document store.',
  input: {
    file: fileInput.describe('The file to upload.'),
    attachments: z.array(fileInput).optional().describe('More files, sent as parts of the same name.'),
    folder: z.string().optional().describe('The folder id.'),
    copies: z.number().int().optional().describe('How many copies to keep.'),
    metadata: z.object({ title: z.string() }).optional().describe('Sent as a JSON part.'),
  },
  async handler(input, ctx) {
    const body = await multipartBody(ctx.files, input, { file: { file: true, contentType: 'application/pdf' }, attachments: { file: true } });
    return JSON.stringify(await ctx.api.post('/documents', body));
  },
});

const PDF = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0d, 0x0a, 0x80]);

describe('multipartBody in a hand-written tool, parsed by undici on the API side', () => {
  let hub: StartedEmulator;
  let hubClient: HubClient;
  let api: MultipartApi;
  let server: TestServer;
  let session: { 'x-session-id': string; authorization: string };

  beforeAll(async () => {
    hub = await startEmulator();
    api = await startMultipartApi();
    hubClient = createHubClient({ baseUrl: hub.url, keys: { embed: TEST_KEYS.embed } });
    await hubClient.bind({ wsId: 'ws-uploader', identity: { userId: 'u-7' }, authArtifacts: { headers: {} } });
    session = { 'x-session-id': hub.emulator.bindings.get('ws-uploader')?.sessionId ?? '', authorization: 'Bearer t' };
    hub.emulator.libraries.put('u-7', 'contract.pdf', PDF, 'application/pdf');
    server = await startToolServer({
      tools: [uploadDocument],
      apiUrl: api.url,
      env: { HUB_URL: hub.url, HUB_FILES_READ_KEY: TEST_KEYS.filesRead, UPSTREAM_MAX_UPLOAD_BYTES: '4096' },
    });
  });
  afterAll(async () => {
    await server.close();
    await hubClient.close();
    await api.close();
    await hub.close();
  });

  it('a library file goes with its name, its type and its exact bytes; fields as text, an object as a JSON part', async () => {
    const before = api.received.length;
    const { text, isError } = await server.call(
      'upload_document',
      { file: { library: 'contract.pdf' }, folder: 'f-1', copies: 2, metadata: { title: 'Contract' } },
      session,
    );
    expect({ text, isError }).toEqual({ text: '{"Id":"file-1"}', isError: false });
    const [upload] = api.received.slice(before);
    expect(upload?.contentType).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(upload?.parts).toEqual([
      { name: 'file', filename: 'contract.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'folder', bytes: Buffer.from('f-1') },
      { name: 'copies', bytes: Buffer.from('2') },
      { name: 'metadata', filename: 'blob', type: 'application/json', bytes: Buffer.from('{"title":"Contract"}') },
    ]);
  });

  it('passed content: text with its own filename and type, base64 bytes exact, the document\'s type when none is given', async () => {
    const before = api.received.length;
    const { isError } = await server.call(
      'upload_document',
      {
        file: { base64: PDF.toString('base64'), filename: 'scan.pdf' },
        attachments: [{ text: 'a,b\n1,2\n', filename: 'data.csv', contentType: 'text/csv' }, { text: 'hello' }],
      },
      session,
    );
    expect(isError).toBe(false);
    expect(api.received.slice(before)[0]?.parts).toEqual([
      { name: 'file', filename: 'scan.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'attachments', filename: 'data.csv', type: 'text/csv', bytes: Buffer.from('a,b\n1,2\n') },
      { name: 'attachments', filename: 'attachments', type: 'text/plain; charset=utf-8', bytes: Buffer.from('hello') },
    ]);
  });

  it.each([
    [{ file: {} }, 'The file "file" needs exactly one of library (a file name in the user\'s library), text or base64; none was given. Give one and try again.'],
    [{ file: { text: 'a', library: 'contract.pdf' } }, 'The file "file" needs exactly one of library (a file name in the user\'s library), text or base64; more than one was given. Give one and try again.'],
    [{ file: { base64: 'not base64!' } }, 'The file "file" is not valid base64. Pass text content in text instead, or encode the bytes in base64 again.'],
    [{ file: { library: 'missing.pdf' } }, 'There is no file named "missing.pdf" in your library. Check the exact name (it is case-sensitive) and try again.'],
  ])('%j is refused with a sentence, and nothing reaches the API', async (args, sentence) => {
    const before = api.received.length;
    expect(await server.call('upload_document', args, session)).toMatchObject({ text: sentence, isError: true });
    expect(api.received.length).toBe(before);
  });

  it('an upload over UPSTREAM_MAX_UPLOAD_BYTES is refused with a sentence before anything is sent', async () => {
    const before = api.received.length;
    const { text, isError } = await server.call('upload_document', { file: { text: 'x'.repeat(5000) } }, session);
    expect({ text, isError }).toEqual({
      text: 'The upload is 5000 bytes, more than the 4096 bytes this tool server sends in one request, so nothing was sent. Use a smaller file, or ask your administrator to raise UPSTREAM_MAX_UPLOAD_BYTES.',
      isError: true,
    });
    expect(api.received.length).toBe(before);
  });
});

describe("multipartBody's parts other than files, read back by undici's parser", () => {
  const CALLER: Caller = { userId: undefined, tenantId: undefined, requestId: 'r-1', sessionId: undefined };
  /** The parts as the Fetch standard's parser reads the FormData's own serialization. */
  async function partsOf(value: Record<string, unknown>, parts: Record<string, MultipartPart>) {
    const files = userFiles({ url: undefined, filesReadKey: undefined, filesWriteKey: undefined, knowledgeKey: undefined, embedKey: undefined });
    const form = await new Response(await multipartBody(files.forCall(CALLER, new AbortController().signal), value, parts)).formData();
    return Promise.all([...form].map(async ([name, item]) => [name, typeof item === 'string' ? item : `${item.type}; ${item.name}: ${await item.text()}`]));
  }

  it('an object is a JSON part; a list one part per item; a declared JSON type sends the whole list as JSON; a declared text type sends an object as text', async () => {
    expect(await partsOf({ meta: { a: 1 }, tags: ['x', 'y'], ids: [1, 2], note: { b: 'c' }, flag: true, skipped: undefined }, { ids: { contentType: 'application/json' }, note: { contentType: 'text/plain' } })).toEqual([
      ['meta', 'application/json; blob: {"a":1}'],
      ['tags', 'x'],
      ['tags', 'y'],
      ['ids', 'application/json; blob: [1,2]'],
      ['note', '{"b":"c"}'],
      ['flag', 'true'],
    ]);
  });
});

describe('multipartBody without the hub (HUB_URL unset)', () => {
  let api: MultipartApi;
  let server: TestServer;

  beforeAll(async () => {
    api = await startMultipartApi();
    server = await startToolServer({ tools: [uploadDocument], apiUrl: api.url });
  });
  afterAll(async () => {
    await server.close();
    await api.close();
  });

  it('a library file is refused with a sentence naming the missing setting; nothing is sent', async () => {
    const { text, isError } = await server.call('upload_document', { file: { library: 'contract.pdf' } }, { authorization: 'Bearer t' });
    expect({ text, isError }).toEqual({
      text: 'Your file library is not available from this tool server (HUB_URL is not configured). Ask your administrator to set it up.',
      isError: true,
    });
    expect(api.received).toEqual([]);
  });

  it('content the model passes is still sent', async () => {
    const { isError } = await server.call('upload_document', { file: { text: 'note', filename: 'note.txt' } }, { authorization: 'Bearer t' });
    expect(isError).toBe(false);
    expect(api.received.at(-1)?.parts).toEqual([{ name: 'file', filename: 'note.txt', type: 'application/pdf', bytes: Buffer.from('note') }]);
  });
});
