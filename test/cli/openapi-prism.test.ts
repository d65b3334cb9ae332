// `npm run openapi` against a validating mock of the same document: each document is served by Prism
// (request validation on), its tools are generated into a copy of the project, and every generated tool
// is called with its generated test's arguments through the real tool server. A request the document
// would reject gets a 4xx from Prism, an error result here, and fails the test. Prism does not check
// the serialization of arrays and objects: test/tools/openapi-params.test.ts asserts the wire form.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTools, type Planned } from '../../cli/openapi/generate';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import type { CallReport } from '../support/openapi-calls';
import { startPrism, type PrismMock } from '../support/prism';
import { until } from '../support/wait';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

interface Case {
  /** Relative to the project root. */
  document: string;
  /** What the hub would send: the credentials the document's security asks for. */
  headers: Record<string, string>;
  /** Tool server settings, e.g. a credential header to forward. */
  env: Record<string, string>;
  /** At least this many operations are generated (the rest are skipped, each with a reason). */
  minimumGenerated: number;
  /** Tools not sent to Prism, and why. */
  leaveOut?: { tools: RegExp; why: string };
  /** The document declares answers Prism can give, so every call must also succeed (not only pass validation). */
  answers: boolean;
}

const CASES: Case[] = [
  // The style and explode cases of @readme/oas-examples, OpenAPI 3.1.
  // Its operations declare no responses (Prism answers 500 after validating), so only validation counts.
  {
    document: 'node_modules/@readme/oas-examples/3.1/json/parameters-style.json',
    headers: {},
    env: {},
    minimumGenerated: 17,
    answers: false,
    leaveOut: {
      tools: /^(paths_|headers_|query_(space|pipe)_delimited_)/,
      why: 'Prism 5.14 exits on a simple-style array (path, header) or a space/pipe-delimited object: errors in its deserializers',
    },
  },
  // Discourse (OpenAPI 3.1, 84 operations): Api-Key header, JSON bodies, `{id}.json` paths, GET and DELETE bodies.
  { document: 'test/fixtures/openapi/discourse.json', headers: { 'api-key': 'test-key' }, env: { FORWARD_HEADERS: 'Api-Key' }, minimumGenerated: 78, answers: true },
  // Twilio Proxy (OpenAPI 3.0.1, 30 operations): HTTP basic, form-encoded bodies.
  { document: 'test/fixtures/openapi/twilio-proxy.json', headers: { authorization: basic('AC123', 'token') }, env: {}, minimumGenerated: 30, answers: true },
  // Reverb (OpenAPI 3.0.0, 163 operations): OAuth 2, form/explode=false query arrays.
  { document: 'test/fixtures/openapi/reverb.json', headers: { authorization: 'Bearer test-token' }, env: {}, minimumGenerated: 163, answers: true },
  // GitHub's `issues` tag (OpenAPI 3.0.3, 40 operations): JSON bodies, nested path parameters.
  { document: 'test/fixtures/openapi/github-issues.json', headers: {}, env: {}, minimumGenerated: 40, answers: true },
  // Slack's conversations.* (OpenAPI 3.0.0, 18 operations): OAuth 2, flat form bodies, the optional token left out.
  { document: 'test/fixtures/openapi/slack-conversations.json', headers: { authorization: 'Bearer test-token' }, env: {}, minimumGenerated: 18, answers: true },
  // Not Stripe: Prism 5.14 does not finish starting on the Stripe subset within a minute. Its bodies and
  // queries are checked by parsing them back with qs in test/cli/openapi-real-apis.test.ts.
];

let copy: ProjectCopy;
const mocks = new Map<string, PrismMock>();
beforeAll(async () => {
  copy = copyProject('openapi-prism-');
  // All at once: each takes seconds to start, mostly waiting.
  const started = await Promise.allSettled(CASES.map(async ({ document }) => mocks.set(document, await startPrism(join(ROOT, document)))));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}, 600_000);
afterAll(async () => {
  await Promise.all([...mocks.values()].map((mock) => mock.stop()));
  copy.remove();
});

describe('generated tools against Prism', () => {
  it.each(CASES)('$document: every generated tool sends a request Prism accepts', async ({ document, headers, env, minimumGenerated, leaveOut, answers }) => {
    // An empty tools/ for each document, so no name of one document or of the examples collides with another's.
    emptyTools(copy.root);
    const file = join(ROOT, document);
    const planned: Planned[] = await generateTools({ root: copy.root, file, dryRun: false, tags: [], operations: [] });
    const generated = planned.filter((item) => item.action === 'write');
    expect(generated.length).toBeGreaterThanOrEqual(minimumGenerated);
    for (const skipped of planned.filter((item) => item.action !== 'write')) expect(skipped.action).toMatch(/^skipped: .{10,}/);

    const prism = mocks.get(document)!;
    const before = prism.output().length;
    const out = join(copy.root, 'calls.json');
    const args = [file, prism.url, JSON.stringify(headers), JSON.stringify(env), out, ...(leaveOut ? [leaveOut.tools.source] : [])];
    expect(await copy.node([TSX, 'test/support/openapi-calls.ts', ...args])).toMatchObject({ code: 0 });
    const reports = JSON.parse(readFileSync(out, 'utf8')) as CallReport[];
    const sent = generated.filter((item) => !leaveOut?.tools.test(item.tool));
    expect(reports.map((report) => report.tool).sort()).toEqual(sent.map((item) => item.tool).sort());

    // Prism's validator names each request it rejects; every request must pass it.
    // Prism logs a moment after it answers (seconds later on a loaded machine): wait for one verdict per
    // request; the bound only ends a wait for a verdict that never comes (then the counts below say which).
    const verdicts = () => prism.output().slice(before).match(/The request passed the validation rules|Violation: request/g) ?? [];
    await until(() => verdicts().length >= reports.length, 180_000).catch(() => undefined);
    const log = prism.output().slice(before);
    expect(log.split('\n').filter((line) => /Violation: request/.test(line))).toEqual([]);
    expect(log.match(/The request passed the validation rules/g)).toHaveLength(reports.length);
    // And the tool got the answer (each failure listed with what the tool said, naming the operation).
    if (answers) expect(reports.filter((report) => report.isError)).toEqual([]);
  }, 600_000);
});
