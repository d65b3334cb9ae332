// `npm run openapi` on Stripe (customers and payment intents), GitHub (`--tag issues`) and Slack
// (conversations.*), subsets of the APIs.guru documents (test/fixtures/openapi/subset.ts). Every generated
// tool is called with a value for every input, nested and lists included, through the real tool server
// into a capturing API on loopback; what the API received is parsed back as the vendor's server would
// (qs with last-value-wins, as Rack; JSON.parse for JSON bodies) and must equal the arguments.
import { join } from 'node:path';
import { generateTools, type Planned } from '../../cli/openapi/generate';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation } from '../../cli/openapi/operations';
import { copyProject, ROOT, type ProjectCopy, emptyTools } from '../support/project-copy';
import type { RoundTrip } from '../support/openapi-roundtrip';
import { readBack } from '../support/received-arguments';
import { roundTripInCopy } from '../support/roundtrip-in-copy';

const fixture = (name: string) => join(ROOT, 'test/fixtures/openapi', name);

const DOCUMENTS = {
  stripe: { file: fixture('stripe-customers-payment-intents.json'), tags: [] as string[] },
  github: { file: fixture('github-issues.json'), tags: ['issues'] },
  slack: { file: fixture('slack-conversations.json'), tags: [] as string[] },
};
type Name = keyof typeof DOCUMENTS;

let copy: ProjectCopy;
const planned = {} as Record<Name, Planned[]>;
const operations = {} as Record<Name, Operation[]>;
let reports: RoundTrip[];

beforeAll(async () => {
  copy = copyProject('openapi-real-apis-');
  emptyTools(copy.root);
  for (const [name, { file, tags }] of Object.entries(DOCUMENTS) as Array<[Name, (typeof DOCUMENTS)[Name]]>) {
    planned[name] = await generateTools({ root: copy.root, file, dryRun: false, tags, operations: [] });
    operations[name] = listOperations(await loadDocument(file));
  }
  reports = await roundTripInCopy(copy, [...Object.values(DOCUMENTS).map(({ file }) => file)]);
}, 600_000);
afterAll(() => copy.remove());

const written = (name: Name) => planned[name].filter((item) => item.action === 'write');
const report = (tool: string) => reports.find((item) => item.tool === tool)!;
const op = (name: Name, tool: string) => operations[name].find((candidate) => candidate.toolName === tool)!;

describe('what is generated from each document', () => {
  it.each([
    ['stripe', 16, 0],
    ['github', 40, 0],
    ['slack', 18, 0],
  ] as Array<[Name, number, number]>)('%s: %i tools generated, %i skipped', (name, generated, skipped) => {
    expect(written(name)).toHaveLength(generated);
    expect(planned[name].filter((item) => item.action !== 'write').map((item) => `${item.tool}: ${item.action}`)).toHaveLength(skipped);
  });

  it('Stripe: retrieve and confirm PaymentIntent are kept, their optional client_secret left out and noted', () => {
    const retrieve = written('stripe').find((item) => item.tool === 'get_payment_intents_intent')!;
    expect(retrieve.review).toContain('the optional secret client_secret (query) is not an input: a credential comes from the hub, never from the chat');
    expect(op('stripe', 'get_payment_intents_intent').parameters.map((p) => p.name)).toEqual(['expand', 'intent']);
    const confirm = written('stripe').find((item) => item.tool === 'post_payment_intents_intent_confirm')!;
    expect(confirm.review).toContain('the optional secret client_secret (body) is not an input: a credential comes from the hub, never from the chat');
    expect(report('post_payment_intents_intent_confirm').args.body).not.toHaveProperty('client_secret');
  });

  it('Stripe: no GET or DELETE takes a body (the document declares an empty one), every POST does', () => {
    for (const candidate of operations.stripe) {
      expect([candidate.toolName, candidate.body !== undefined]).toEqual([candidate.toolName, candidate.method === 'POST']);
      const input = (report(candidate.toolName).entry as { inputSchema: { properties: Record<string, unknown> } }).inputSchema.properties;
      expect([candidate.toolName, 'body' in input]).toEqual([candidate.toolName, candidate.method === 'POST']);
    }
  });

  it('Slack: the optional token is not an input, ok:false is proposed as UPSTREAM_ERROR_WHEN, and kick/archive/close are destructive', () => {
    const list = written('slack').find((item) => item.tool === 'conversations_list')!;
    expect(op('slack', 'conversations_list').parameters.map((p) => p.name)).not.toContain('token');
    expect(list.review).toEqual(
      expect.arrayContaining([
        'the optional secret token (query) is not an input: a credential comes from the hub, never from the chat',
        expect.stringContaining('set UPSTREAM_ERROR_WHEN=ok:false'),
      ]),
    );
    for (const tool of ['conversations_kick', 'conversations_archive', 'conversations_close']) {
      expect(report(tool).entry).toMatchObject({ annotations: { destructiveHint: true } });
    }
    expect(report('conversations_unarchive').entry).toMatchObject({ annotations: { destructiveHint: false } });
  });

  it('Stripe: cancelling a PaymentIntent is destructive', () => {
    expect(report('post_payment_intents_intent_cancel').entry).toMatchObject({ annotations: { destructiveHint: true } });
    expect(written('stripe').find((item) => item.tool === 'post_payment_intents_intent_cancel')?.review).toContain(
      'marked destructive from the verb "cancel" in its operationId: check it',
    );
  });
});

describe('what a model reads', () => {
  it('every tools/list entry is within 16 KB; the large Stripe ones are pruned, reported with the size before and after', () => {
    expect(reports.filter((item) => item.entryBytes > 16 * 1024).map((item) => `${item.tool}: ${item.entryBytes}`)).toEqual([]);
    const pruned = written('stripe').filter((item) => item.size && item.size.before > item.size.after);
    expect(pruned.map((item) => item.tool)).toEqual(expect.arrayContaining(['post_payment_intents', 'post_payment_intents_intent_confirm']));
    for (const item of pruned) {
      expect(item.size!.before).toBeGreaterThan(16 * 1024);
      expect(report(item.tool).entryBytes).toBe(item.size!.after);
      expect(item.review).toContainEqual(expect.stringMatching(/^tools\/list entry pruned from \d+\.\d KB to \d+\.\d KB/));
    }
  });

  it('descriptions are plain text: no HTML tags, no Markdown links, no schema titles', () => {
    for (const { tool, entry } of reports) {
      const descriptions = JSON.stringify(entry).match(/"description":"(?:[^"\\]|\\.)*"/g) ?? [];
      expect([tool, descriptions.filter((text) => /<\/?(?:p|a|code|br|ul|li|strong|em)\b|\]\(https?:/.test(text))]).toEqual([tool, []]);
    }
    const cancel = report('post_payment_intents_intent_cancel').entry as { description: string };
    expect(cancel.description).toContain('A PaymentIntent object can be canceled when it is in one of these statuses: requires_payment_method, requires_capture');
    // Stripe's schema titles (e.g. "customer_shipping") are type names, not descriptions.
    expect(JSON.stringify(report('post_customers').entry)).not.toContain('"description":"customer_shipping');
  });

  it('every path parameter is described', () => {
    for (const { tool, entry } of reports) {
      const candidate = Object.values(operations).flat().find((item) => item.toolName === tool)!;
      const properties = (entry as { inputSchema: { properties: Record<string, { description?: string }> } }).inputSchema.properties;
      for (const parameter of candidate.parameters.filter((p) => p.in === 'path')) {
        expect([tool, parameter.key, properties[parameter.key]?.description ?? '']).toEqual([tool, parameter.key, expect.stringMatching(/\w{3,}/)]);
      }
    }
    expect((report('get_payment_intents_intent').entry as { inputSchema: { properties: Record<string, { description?: string }> } }).inputSchema.properties.intent?.description).toBe(
      'The intent in the path /v1/payment_intents/{intent}.',
    );
  });
});

describe('what the API receives, parsed back as its server parses it', () => {
  it.each(Object.keys(DOCUMENTS) as Name[])('%s: every argument of every generated tool round-trips exactly', (name) => {
    const tools = new Set(written(name).map((item) => item.tool));
    const mine = reports.filter((item) => tools.has(item.tool));
    expect(mine).toHaveLength(tools.size);
    for (const { tool, args, isError, text, received } of mine) {
      expect([tool, isError, text]).toEqual([tool, false, expect.any(String)]);
      const { read, expected } = readBack(op(name, tool), args, received!);
      expect([tool, read]).toEqual([tool, expected]);
    }
  });

  it('the arguments were not trivial: Stripe sends nested objects, lists of objects and expand[] in bracket notation', () => {
    const create = report('post_customers');
    const body = create.received!.text;
    expect(body).toMatch(/(^|&)shipping\[address\]\[city\]=S%C3%A3o%20Paulo%20%26%20Co%20%5B1%5D%3Da%2Bb(&|$)/);
    expect(body).toMatch(/(^|&)tax_id_data\[0\]\[type\]=[a-z_]+&tax_id_data\[0\]\[value\]=/);
    expect(body).toMatch(/(^|&)expand\[0\]=[^&]+&expand\[1\]=/);
    expect(report('get_customers').received!.url).toMatch(/[?&]expand\[0\]=[^&]+&expand\[1\]=[^&]+/);
    expect(report('get_customers').received!.url).toMatch(/[?&]created\[gt\]=1&/);
  });
});
