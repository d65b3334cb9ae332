// What the tools generated from documents that declare JSON answers as */* (DocuSign's subset, and a
// Swagger 2.0 fixture in its style) send and read: a loopback API answers JSON under the Content-Type a
// vendor may send (application/json, text/plain, none useful), and the model reads the JSON each time;
// an answer that is not JSON is a plain refusal that quotes nothing of the body.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTools, type Planned } from '../../cli/openapi/generate';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import type { AnswerTrip } from '../support/openapi-answers';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const DOCUMENTS = ['docusign-accounts-payments.json', 'swagger2-envelopes.json'].map((name) => join(ROOT, 'test/fixtures/openapi', name));
const ANSWER = JSON.stringify({ envelopeId: 'e-42', status: 'sent' });

let copy: ProjectCopy;
let planned: Planned[];
const trips = new Map<string, AnswerTrip[]>();

beforeAll(async () => {
  copy = copyProject('openapi-answers-');
  emptyTools(copy.root);
  planned = [];
  for (const file of DOCUMENTS) planned.push(...(await generateTools({ root: copy.root, file, dryRun: false, tags: [], operations: [] })));
  for (const [contentType, body] of [['application/json; charset=utf-8', ANSWER], ['text/plain', ANSWER], ['application/octet-stream', ANSWER], ['text/html', '<html>secret-page</html>']]) {
    const out = join(copy.root, 'answers.json');
    const run = await copy.node([TSX, 'test/support/openapi-answers.ts', out, contentType!, body!, ...DOCUMENTS]);
    if (run.code !== 0) throw new Error(`openapi-answers failed:\n${run.output}`);
    trips.set(contentType!, JSON.parse(readFileSync(out, 'utf8')) as AnswerTrip[]);
  }
}, 300_000);
afterAll(() => copy.remove());

const written = () => planned.filter((item) => item.action === 'write').map((item) => item.tool);

describe('tools generated from */* answers', () => {
  it('are written for every JSON model answer of both documents, and type-check in the fork', async () => {
    expect(written()).toEqual([
      'service_information_get_service_information',
      'accounts_get_account',
      'billing_payments_get_payment_list',
      'billing_payments_post_payment',
      'chunked_uploads_put_chunked_uploads',
      'envelopes_post_envelopes',
      'envelopes_get_envelope',
    ]);
    const check = await copy.typecheckTools();
    expect([check.code, check.output]).toEqual([0, expect.any(String)]);
  }, 300_000);

  it.each(['application/json; charset=utf-8', 'text/plain', 'application/octet-stream'])('read the JSON the API answers under %s', (contentType) => {
    const got = trips.get(contentType)!;
    expect(got.map((trip) => trip.tool)).toEqual(written());
    expect(got.filter((trip) => trip.isError || JSON.parse(trip.text).envelopeId !== 'e-42')).toEqual([]);
  });

  it('send the method, the path with its ids, and the JSON body the document declares', () => {
    const sent = Object.fromEntries(trips.get('text/plain')!.map((trip) => [trip.tool, trip.received]));
    expect(sent.envelopes_get_envelope).toMatchObject({ method: 'GET', url: expect.stringMatching(/^\/v2\.1\/accounts\/[^/?]+\/envelopes\/[^/?]+\?include=/), accept: 'application/json', text: '' });
    expect(sent.envelopes_post_envelopes).toMatchObject({ method: 'POST', url: expect.stringMatching(/^\/v2\.1\/accounts\/[^/?]+\/envelopes$/) });
    expect(Object.keys(JSON.parse(sent.envelopes_post_envelopes!.text) as object).sort()).toEqual(['emailSubject', 'status']);
    expect(sent.chunked_uploads_put_chunked_uploads).toMatchObject({ method: 'PUT', text: '' });
  });

  it('refuse an answer that is not JSON in a sentence with a next step, quoting nothing of it', () => {
    const got = trips.get('text/html')!;
    expect(new Set(got.map((trip) => [trip.isError, trip.text].join(' ')))).toEqual(
      new Set(['true The API answered in a format other than JSON, which this tool cannot read. Try again later; if it happens again, tell the user the API sent an unexpected answer.']),
    );
  });
});
