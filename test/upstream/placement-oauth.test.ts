// On /mcp with MCP_AUTH=oauth the client's own headers never reach the customer's API: a tool's API-key
// scheme is filled from UPSTREAM_CREDENTIALS only, never from an X-Api-Key-<scheme> header the client sends.
// A real authorization server, tool server and API on loopback (test/auth/oauth-stack).
import { defineTool } from '../../src/tools';
import { startFakeApi, type FakeApi } from '../../src/tools/testing';
import { call, postMcp, startOAuthStack, type OAuthStack } from '../auth/oauth-stack';

const withKey = (name: string, scheme: string) =>
  defineTool({
    name,
    description: 'Reads the widgets.',
    input: {},
    credentials: [[{ scheme, type: 'apiKey', in: 'query', name: 'key' }]],
    handler: async (_input, ctx) => JSON.stringify(await ctx.api.get('/widgets')),
  });

describe('placed credentials on /mcp with MCP_AUTH=oauth', () => {
  let api: FakeApi;
  let stack: OAuthStack;
  beforeAll(async () => {
    api = await startFakeApi({ 'GET /widgets': () => ({ body: [] }) });
    stack = await startOAuthStack({
      env: { USER_CALLS_PER_MINUTE: '0', UPSTREAM_CREDENTIALS: '{"company_key":"COMPANYKEY314"}' },
      tools: [withKey('list_company_widgets', 'company_key'), withKey('list_user_widgets', 'user_key')],
      customerApiUrl: api.url,
    });
  });
  afterAll(async () => {
    await stack.close();
    await api.close();
  });

  it('UPSTREAM_CREDENTIALS gives the key, whatever the client sends', async () => {
    const token = await stack.token('oauth-key-user');
    const response = await postMcp(stack.url, call('list_company_widgets'), token, { 'x-api-key-company-key': 'CLIENTKEY1' });
    expect(((await response.json()) as { result?: { isError?: boolean } }).result?.isError).toBeUndefined();
    expect(api.requests.at(-1)!.query).toEqual({ key: 'COMPANYKEY314' });
  });

  it('a scheme the setting does not name gets nothing: the client’s X-Api-Key-<scheme> and X-Api-Key are not read', async () => {
    const token = await stack.token('oauth-key-user');
    await postMcp(stack.url, call('list_user_widgets'), token, { 'x-api-key-user-key': 'CLIENTKEY2', 'x-api-key': 'CLIENTKEY3' });
    const received = api.requests.at(-1)!;
    expect(received.query).toEqual({});
    expect(JSON.stringify(received.headers)).not.toMatch(/CLIENTKEY/);
  });
});
