// Dynamic mode's search (src/tools/operation-search.ts, operation-text.ts): find_operations over tools made
// from real vendor fixtures as `npm run openapi` writes them (bench/search/corpus, the bench's own path),
// served beside the template's example tools (never a fork's own, whose tools may be these same vendors'
// operations), asked what a person types; the summary apart from the description; and minisearch loaded
// only in dynamic mode.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { importedTools, type ImportedTools } from '../../bench/search/corpus';
import { detailOf, summaryOf } from '../../src/tools/operation-text';
import { startToolServer, type TestServer } from '../../src/tools/testing';
import { EXAMPLE_MODULES } from '../../cli/remove-examples/examples';
import { resources as projectResources, tools as projectTools } from '../../tools';
import { describeUnless, examplesMissing } from '../support/template-tree';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = ['github-issues', 'stripe-customers-payment-intents', 'twilio-api-calls-messages', 'slack-conversations'];

/** What a person types, and the operation (fixture, method, path as the document writes them) that answers it. */
const QUERIES: ReadonlyArray<readonly [string, string]> = [
  ['remove a label from an issue', 'github-issues DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}'],
  ['find a customer by email', 'stripe-customers-payment-intents GET /v1/customers/search'],
  ['create a customer', 'stripe-customers-payment-intents POST /v1/customers'],
  ['delete a customer', 'stripe-customers-payment-intents DELETE /v1/customers/{customer}'],
  ['cancel a payment', 'stripe-customers-payment-intents POST /v1/payment_intents/{intent}/cancel'],
  ['send a text message', 'twilio-api-calls-messages POST /2010-04-01/Accounts/{AccountSid}/Messages.json'],
  ['make a phone call', 'twilio-api-calls-messages POST /2010-04-01/Accounts/{AccountSid}/Calls.json'],
  ['rename a channel', 'slack-conversations POST /conversations.rename'],
];

/** The template's example tools, where the tree still has them: a fork's own tools are not this test's. */
const examples = projectTools.filter((tool) => EXAMPLE_MODULES.includes(tool.name));
/** The views those tools name. */
const views = projectResources.filter((resource) => examples.some((tool) => tool.view === resource.uri));

let imported: ImportedTools;
let server: TestServer;
beforeAll(async () => {
  imported = await importedTools(
    FIXTURES.map((name) => ({ name, file: join(ROOT, 'test/fixtures/openapi', `${name}.json`) })),
    examples.map((tool) => tool.name),
  );
  server = await startToolServer({ tools: [...examples, ...imported.tools], resources: views, apiUrl: 'http://127.0.0.1:9', env: { TOOLS_MODE: 'dynamic', USER_CALLS_PER_MINUTE: '0' } });
});
afterAll(() => server?.close());

type Found = { operations: Array<Record<string, string>>; total: number };
const find = async (query: string): Promise<Found> => JSON.parse((await server.call('find_operations', { query })).text) as Found;
const names = (found: Found) => found.operations.map((operation) => operation.name);
const toolFor = (key: string): string => {
  const name = imported.toolNames.get(key);
  if (name === undefined) throw new Error(`no tool was generated for ${key}`);
  return name;
};

describe('find_operations over real vendor documents and the example tools', () => {
  it.each(QUERIES)('"%s" has %s in the top 3', async (query, wanted) => {
    expect(names(await find(query)).slice(0, 3)).toContain(toolFor(wanted));
  });

  it('gives the summary alone, and describe_operation the summary and the description apart', async () => {
    const [first] = (await find('remove a label from an issue')).operations;
    expect(first).toEqual({ name: 'issues_remove_label', summary: 'Remove a label from an issue', toolset: 'issues', call_with: 'call_write_operation' });
    const described = JSON.parse((await server.call('describe_operation', { name: 'issues_remove_label' })).text) as Record<string, string>;
    expect(described.summary).toBe('Remove a label from an issue');
    expect(described.description).toMatch(/^Removes the specified label from the issue, and returns the remaining labels on the issue\./);
  });

  it('ranks nothing for words no tool has, and every tool, by name, for an empty query', async () => {
    expect(await find('zzzz qqqq')).toMatchObject({ operations: [], total: 0 });
    const all = await find('');
    expect(all.total).toBe(examples.filter((tool) => tool.forModel).length + imported.tools.length);
    expect(names(all)).toEqual([...names(all)].sort());
  });
});

describeUnless(examplesMissing)('find_operations with the template example tools served beside an API', () => {
  it('ranks the API operation a query is about above an example tool that shares its verb and a description word', async () => {
    // create_order's description says "Create a new order for a customer": it shares "create" and "customer".
    const ranked = names(await find('create a customer'));
    expect(ranked.indexOf(toolFor('stripe-customers-payment-intents POST /v1/customers'))).toBeLessThan(ranked.indexOf('create_order'));
  });

  it('still finds an example tool first when the query is about it', async () => {
    expect(names(await find('create an order'))[0]).toBe('create_order');
    expect(names(await find('list open orders'))[0]).toBe('search_orders');
  });
});

describe('operation text', () => {
  it('a generated description (summary, blank line, description) splits at the blank line', () => {
    const description = 'Remove a label from an issue\n\nRemoves the specified label.\nReturns the rest.';
    expect(summaryOf(description)).toBe('Remove a label from an issue');
    expect(detailOf(description)).toBe('Removes the specified label. Returns the rest.');
  });

  it('a hand-written description of one paragraph has its first sentence as summary', () => {
    expect(summaryOf('Returns one issue of a project by its key. Includes status and assignee.')).toBe('Returns one issue of a project by its key.');
    expect(detailOf('Returns one issue of a project by its key. Includes status and assignee.')).toBe('Includes status and assignee.');
    expect(detailOf('Lists the projects.')).toBe('');
  });

  it('a long summary is cut at a word to 160 characters, a long description to 1000', () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    expect(summaryOf(long)).toHaveLength(Math.min(summaryOf(long).length, 160));
    expect(summaryOf(long).endsWith('…')).toBe(true);
    expect(long.startsWith(summaryOf(long).slice(0, -1))).toBe(true);
    const detail = detailOf(`Title\n\n${long}`);
    expect(detail.length).toBeLessThanOrEqual(1000);
    expect(detail.endsWith('…')).toBe(true);
  });
});

describe('the search library', () => {
  const loadsMinisearch = (mode: string) => {
    const script = `
      const { loadConfig } = require('./src/config');
      const { createLogger } = require('./src/logger');
      const { createToolServer } = require('./src/server');
      const { fixtureTools } = require('./test/support/stand-in-api');
      const config = loadConfig({ NODE_ENV: 'test', CUSTOMER_API_URL: 'http://127.0.0.1:9', TOOLS_MODE: '${mode}' });
      const server = createToolServer({ config, customerApiUrl: 'http://127.0.0.1:9', logger: createLogger({ level: 'silent' }), tools: fixtureTools, info: { name: 'search-load-check', version: '0.0.0' } });
      process.stdout.write(String(Object.keys(require.cache).some((path) => /[\\\\/]node_modules[\\\\/]minisearch[\\\\/]/.test(path))));
      void server.shutdown();
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return run.stdout;
  };

  it('is never loaded by a server in static mode, and loaded at startup in dynamic mode', () => {
    expect(loadsMinisearch('static')).toBe('false');
    expect(loadsMinisearch('dynamic')).toBe('true');
  });
});
