// `npm run openapi` on Trello (API-key schemes `key` and `token` in the query) and Xero Accounting (the
// `xero-tenant-id` header every operation requires), subsets of the APIs.guru documents: the generated
// tools take neither as an input; run in a real tool server on loopback, they send the user's values (or
// UPSTREAM_CREDENTIALS) where the document's scheme says, read back as Trello's server reads a query (qs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'qs';
import { accountParameters } from '../../cli/openapi/account-params';
import { generateTools } from '../../cli/openapi/generate';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation } from '../../cli/openapi/operations';
import { credentialsFor } from '../../cli/openapi/security';
import { toolSource } from '../../cli/openapi/tool-file';
import type { Tool } from '../../src/tools';
import { startFakeApi, type FakeApi } from '../../src/tools/testing';
import { post2025 } from '../support/mcp-post';
import { callTool, SseClient } from '../support/sse-client';
import { startStack, type Stack } from '../support/stack';
import { ROOT, emptyTools } from '../support/project-copy';

const fixture = (name: string) => join(ROOT, 'test/fixtures/openapi', name);
const TRELLO = fixture('trello-boards-cards.json');
const XERO = fixture('xero-accounting-tenant.json');
/** The user's Trello key and token, as the hub sends custom auth headers (X-Api-Key-<scheme>). */
const USER = { 'x-api-key-api-key': 'USERKEY1234', 'x-api-key-api-token': 'USERTOKEN5678' };
const UNLIMITED = { USER_CALLS_PER_MINUTE: '0', LOG_LEVEL: 'trace' };

let folder: string;
let trello: Operation[];
let xero: Operation[];

/** The generated tool, loaded as a fork's tools/index.ts would load it (from a temporary folder: its imports made absolute). */
async function generated(op: Operation): Promise<Tool> {
  const file = join(folder, `${op.toolName}.ts`);
  const source = toolSource(op, 'a test').replaceAll("'../src/tools", `'${join(ROOT, 'src/tools')}`).replace("from 'zod'", `from '${require.resolve('zod')}'`);
  writeFileSync(file, source);
  // Transpiled to CommonJS by jest's transform: the tool is the module's `default` export.
  return (require(file) as { default: Tool }).default;
}
const byName = (ops: Operation[], name: string) => ops.find((op) => op.toolName === name)!;
const readQuery = (api: FakeApi) => parse(api.requests.at(-1)!.url.split('?')[1] ?? '', { duplicates: 'last' });
const textOf = (answer: { json: { result?: Record<string, unknown> } }) => String((answer.json.result?.content as Array<{ text: string }> | undefined)?.[0]?.text);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'openapi-credentials-'));
  trello = listOperations(await loadDocument(TRELLO));
  xero = listOperations(await loadDocument(XERO));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('what the importer makes of credential schemes and account parameters', () => {
  it('Trello: every operation is generated without --include-secrets, key and token are not inputs but the credentials line', async () => {
    // A fork without tools: generateTools reads its tools/index.ts.
    const root = join(folder, 'fork');
    emptyTools(root);
    const planned = await generateTools({ root, file: TRELLO, dryRun: true, tags: [], operations: [] });
    expect(planned.map((item) => item.action)).toEqual(Array(6).fill('write'));
    for (const op of trello) {
      expect([op.toolName, op.parameters.filter((p) => p.name === 'key' || p.name === 'token')]).toEqual([op.toolName, []]);
      expect(op.secrets).toEqual([]);
    }
    const source = toolSource(byName(trello, 'get_boards_by_id_board'), 'a test');
    expect(source).toContain("credentials: [[{ scheme: 'api_key', type: 'apiKey', in: 'query', name: 'key' }], [{ scheme: 'api_token', type: 'apiKey', in: 'query', name: 'token' }]],");
    expect(planned[0]!.review.join('\n')).toContain('x-api-key-api-key, x-api-key-api-token; or set UPSTREAM_CREDENTIALS={"api_key":"<value>","api_token":"<value>"}');
  });

  it('Xero: xero-tenant-id is not an input but the account line, and the review names the setting and the header', async () => {
    for (const op of xero) expect([op.toolName, op.parameters.map((p) => p.name).includes('xero-tenant-id')]).toEqual([op.toolName, false]);
    const contacts = byName(xero, 'get_contacts');
    expect(contacts.account).toEqual([{ in: 'header', name: 'xero-tenant-id' }]);
    expect(contacts.notes).toContain(
      'xero-tenant-id (header) names the account on nearly every operation, so it is not an input: set UPSTREAM_CREDENTIALS={"xero-tenant-id":"<value>"}, or have the hub send a xero-tenant-id header',
    );
    const tool = await generated(contacts);
    expect(Object.keys((tool.descriptor.inputSchema.properties ?? {}) as object)).not.toContain('xero-tenant-id');
  });
});

describe('the rules behind them, on small documents', () => {
  const tenant = { in: 'header', name: 'X-Tenant-Id', required: true };
  const org = { in: 'query', name: 'organizationId', required: true };
  it('an account parameter is required on 80% of the operations (two at least), named for an account, never a credential', () => {
    expect([...accountParameters([[tenant, org], [tenant, org], [tenant, org], [tenant, org], [org]])]).toEqual(['header:x-tenant-id', 'query:organizationId']);
    expect([...accountParameters([[tenant], [tenant], [tenant], [], []])]).toEqual([]);
    expect([...accountParameters([[tenant]])]).toEqual([]);
    expect([...accountParameters([[{ ...tenant, required: false }], [{ ...tenant, required: false }]])]).toEqual([]);
    const token = { in: 'header', name: 'X-Account-Token', required: true };
    const team = { in: 'query', name: 'team_id', required: true };
    expect([...accountParameters([[token, team], [token, team]])]).toEqual([]);
  });

  it('credentials: API-key and HTTP schemes by requirement; a declared key parameter even without a requirement; OAuth alone or digest: nothing to place', () => {
    const schemes = {
      key: { type: 'apiKey', in: 'query', name: 'api_key' },
      basic: { type: 'http', scheme: 'basic' },
      digest: { type: 'http', scheme: 'digest' },
      oauth: { type: 'oauth2' },
    };
    expect(credentialsFor([{ basic: [] }, { oauth: ['read'] }], schemes, []).alternatives).toEqual([[{ scheme: 'basic', type: 'basic' }], [{ scheme: 'oauth', type: 'oauth2' }]]);
    const undeclared = credentialsFor(undefined, schemes, [{ in: 'query', name: 'api_key' }]);
    expect(undeclared).toEqual({ alternatives: [[{ scheme: 'key', type: 'apiKey', in: 'query', name: 'api_key' }]], parameters: new Set(['query:api_key']) });
    expect(credentialsFor([{ oauth: [] }, { digest: [] }], schemes, []).alternatives).toEqual([]);
  });
});

describe('generated tools calling the API on loopback', () => {
  let api: FakeApi;
  let stack: Stack;
  let fixed: Stack;
  let tools: Tool[];
  let status = 200;
  beforeAll(async () => {
    api = await startFakeApi({
      'GET /boards/:idBoard': () => (status === 200 ? { body: { id: 'b1' } } : { status, body: { message: 'invalid key' } }),
      'GET /Contacts': () => ({ body: { Contacts: [] } }),
    });
    tools = [await generated(byName(trello, 'get_boards_by_id_board')), await generated(byName(xero, 'get_contacts'))];
    stack = await startStack({ env: UNLIMITED, tools, customerApiUrl: () => api.url });
    const credentials = JSON.stringify({ api_key: 'COMPANYKEY99', api_token: 'COMPANYTOKEN77', 'xero-tenant-id': 'tenant-fixed-1' });
    fixed = await startStack({ env: { ...UNLIMITED, UPSTREAM_CREDENTIALS: credentials }, tools, customerApiUrl: () => api.url });
  });
  afterAll(async () => {
    await stack.close();
    await fixed.close();
    await api.close();
  });
  beforeEach(() => {
    status = 200;
  });

  it('the hub’s lane: the user’s key and token reach the query as Trello reads it, and no log line holds them', async () => {
    const client = await SseClient.open(stack.url);
    try {
      const answer = await client.call(1, 'tools/call', callTool('get_boards_by_id_board', { idBoard: 'b1', fields: 'name' }), USER);
      expect(answer.result?.isError).toBeUndefined();
    } finally {
      client.close();
    }
    expect(readQuery(api)).toEqual({ fields: 'name', key: 'USERKEY1234', token: 'USERTOKEN5678' });
    expect(api.requests.at(-1)!.headers).not.toHaveProperty('x-api-key-api-key');
    expect(stack.logText()).not.toMatch(/USERKEY1234|USERTOKEN5678/);
  });

  it('/mcp with MCP_AUTH=headers: the same headers reach the same query', async () => {
    const answer = await post2025(stack.url, 'tools/call', callTool('get_boards_by_id_board', { idBoard: 'b2' }), USER);
    expect(answer.json.result?.isError).toBeUndefined();
    expect(readQuery(api)).toEqual({ key: 'USERKEY1234', token: 'USERTOKEN5678' });
  });

  it('UPSTREAM_CREDENTIALS: the company key and token go to every call, over what the caller sent', async () => {
    const answer = await post2025(fixed.url, 'tools/call', callTool('get_boards_by_id_board', { idBoard: 'b3' }), USER);
    expect(answer.json.result?.isError).toBeUndefined();
    expect(readQuery(api)).toEqual({ key: 'COMPANYKEY99', token: 'COMPANYTOKEN77' });
    expect(fixed.logText()).not.toMatch(/COMPANYKEY99|COMPANYTOKEN77/);
  });

  it('Xero: the tenant header comes from the hub’s header of its name, or from UPSTREAM_CREDENTIALS', async () => {
    const client = await SseClient.open(stack.url);
    try {
      await client.call(1, 'tools/call', callTool('get_contacts', {}), { authorization: 'Bearer xero-user', 'xero-tenant-id': 'tenant-of-user' });
    } finally {
      client.close();
    }
    expect(api.requests.at(-1)!.headers).toMatchObject({ 'xero-tenant-id': 'tenant-of-user', authorization: 'Bearer xero-user' });
    await post2025(fixed.url, 'tools/call', callTool('get_contacts', {}), { authorization: 'Bearer xero-user' });
    expect(api.requests.at(-1)!.headers).toMatchObject({ 'xero-tenant-id': 'tenant-fixed-1', authorization: 'Bearer xero-user' });
  });

  it('a 401 to the key: on /mcp the key was refused; the hub’s lane keeps the contract’s session sentence', async () => {
    status = 401;
    const mcp = await post2025(stack.url, 'tools/call', callTool('get_boards_by_id_board', { idBoard: 'b4' }), USER);
    expect(textOf(mcp)).toMatch(/^The company's system refused the API key this request carried \(HTTP 401\)/);
    const client = await SseClient.open(stack.url);
    try {
      const hub = await client.call(1, 'tools/call', callTool('get_boards_by_id_board', { idBoard: 'b4' }), USER);
      expect(hub.result?.content?.[0]?.text).toBe('Your session has expired. Please log in again.');
    } finally {
      client.close();
    }
  });
});
