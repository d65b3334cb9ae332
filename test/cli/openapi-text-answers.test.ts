// Operations that answer or take text of another format (XML as the AWS documents declare it, CSV, plain
// text, any type with a string schema): generated, not skipped; the model reads the text as the API sent
// it, and what it writes is sent byte for byte with the document's media type. A document written here,
// generated into a project copy, type-checked, and its tools called through the tool server into a
// loopback API (test/support/openapi-answers.ts, and openapi-roundtrip.ts for what the API received).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTools, type Planned } from '../../cli/openapi/generate';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations } from '../../cli/openapi/operations';
import type { AnswerTrip } from '../support/openapi-answers';
import { readBack } from '../support/received-arguments';
import { roundTripInCopy } from '../support/roundtrip-in-copy';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const XML = '<Invoice><Id>inv-7</Id><Total>12.50</Total></Invoice>';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Text answers', version: '1.0.0' },
  paths: {
    '/invoices/{id}': {
      put: {
        operationId: 'putInvoice',
        summary: 'Replace an invoice.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/xml': { schema: { type: 'object', xml: { name: 'Invoice' }, properties: { Total: { type: 'number' } } } } } },
        responses: { 200: { description: 'The invoice', content: { 'application/xml': { schema: { type: 'object' } } } } },
      },
      get: {
        operationId: 'getInvoice',
        summary: 'Get an invoice.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'The invoice', content: { 'application/xml': { schema: { type: 'object', properties: { Id: { type: 'string' } } } } } } },
      },
    },
    '/exports': {
      get: { operationId: 'exportRows', summary: 'Export the rows.', responses: { 200: { description: 'CSV', content: { 'text/csv': { schema: { type: 'string' } } } } } },
    },
    '/notes': {
      post: {
        operationId: 'addNote',
        summary: 'Add a note.',
        requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string' } } } },
        responses: { 200: { description: 'Any', content: { '*/*': { schema: { type: 'string' } } } } },
      },
    },
    '/feed': {
      get: { operationId: 'followFeed', summary: 'Follow the feed.', responses: { 200: { description: 'Events', content: { 'text/event-stream': { schema: { type: 'string' } } } } } },
    },
  },
};

let copy: ProjectCopy;
let planned: Planned[];
let document: string;

async function trips(contentType: string, body: string): Promise<AnswerTrip[]> {
  const out = join(copy.root, 'answers.json');
  const run = await copy.node([TSX, 'test/support/openapi-answers.ts', out, contentType, body, document]);
  if (run.code !== 0) throw new Error(`openapi-answers failed:\n${run.output}`);
  return JSON.parse(readFileSync(out, 'utf8')) as AnswerTrip[];
}

beforeAll(async () => {
  copy = copyProject('openapi-text-answers-');
  emptyTools(copy.root);
  document = join(copy.root, 'text-answers.json');
  writeFileSync(document, JSON.stringify(DOCUMENT));
  planned = await generateTools({ root: copy.root, file: document, dryRun: false, tags: [], operations: [] });
}, 120_000);
afterAll(() => copy.remove());

describe('operations that answer text', () => {
  it('are generated for XML, CSV and any type with a string, each with a review note; an event stream is still skipped', async () => {
    expect(planned.map((item) => [item.tool, item.action.replace(/:.*/, '')])).toEqual([
      ['get_invoice', 'write'],
      ['put_invoice', 'write'],
      ['export_rows', 'write'],
      ['add_note', 'write'],
      ['follow_feed', 'skipped'],
    ]);
    expect(planned.find((item) => item.tool === 'get_invoice')?.review).toContain(
      'it answers application/xml: the tool hands the model the text as it came (up to UPSTREAM_MAX_RESPONSE_BYTES); shape it if it is long',
    );
    const check = await copy.typecheckTools();
    expect([check.code, check.output]).toEqual([0, check.code === 0 ? expect.any(String) : '(the type errors above)']);
  }, 300_000);

  it('hand the model the text the API sent, as it came, after sending the call the document declares', async () => {
    const got = await trips('application/xml; charset=utf-8', XML);
    expect(got.map((trip) => [trip.tool, trip.isError, trip.text])).toEqual([
      ['get_invoice', false, XML],
      ['put_invoice', false, XML],
      ['export_rows', false, XML],
      ['add_note', false, XML],
    ]);
    expect(got[0]?.received).toMatchObject({ method: 'GET', url: expect.stringMatching(/^\/invoices\/[^/?]+$/) });
    expect(got[3]?.received).toMatchObject({ method: 'POST', url: '/notes' });
  }, 120_000);

  it('say the call went through when the API answers nothing', async () => {
    const got = await trips('text/plain', '');
    expect(got.map((trip) => [trip.tool, trip.isError, trip.text])).toEqual([
      ['get_invoice', false, '{"ok":true}'],
      ['put_invoice', false, '{"ok":true}'],
      ['export_rows', false, '{"ok":true}'],
      ['add_note', false, '{"ok":true}'],
    ]);
  }, 120_000);

  it('send the text the model wrote, byte for byte, with the media type the document declares (*/* as text/plain)', async () => {
    const reports = await roundTripInCopy(copy, [`${document}::{}`]);
    const operations = listOperations(await loadDocument(document));
    const sent = reports.filter((report) => report.tool === 'put_invoice' || report.tool === 'add_note');
    expect(sent.map((report) => report.tool).sort()).toEqual(['add_note', 'put_invoice']);
    for (const { tool, args, isError, received } of sent) {
      expect([tool, isError]).toEqual([tool, false]);
      const { read, expected } = readBack(operations.find((op) => op.toolName === tool)!, args, received!, 'last');
      expect([tool, read]).toEqual([tool, expected]);
    }
    expect(operations.find((op) => op.toolName === 'put_invoice')?.body?.description).toBe("The request body, as application/xml text, its root element <Invoice>, written as the API's documentation describes it.");
  }, 120_000);
});
