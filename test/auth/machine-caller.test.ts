// The OAuth Client Credentials extension end to end: a machine client (a CI job) of the local authorization
// server (AUTH_SERVER_M2M_CLIENT_ID/_SECRET) signs in to /mcp with the SDK v2's ClientCredentialsProvider,
// with no user and its own scopes, lists tools and calls them. Its tools see a machine caller; a tool that
// acts for a person answers that it needs one; in client-credentials mode no user subject is made up for
// the API. A wrong secret is refused with invalid_client and a line in the authorization server's log.
import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { subjectTagOf } from '../../src/auth';
import { defineTool, type Tool } from '../../src/tools';
import { freePort } from '../support/processes';
import { API_AUDIENCE, oauthTools, startOAuthStack, type OAuthStack } from './oauth-stack';

const MACHINE = { id: 'nightly-ci', secret: 'nightly-ci-secret-0123456789abcdef0123', scopes: ['orders:read'] };

const tools: readonly Tool[] = [
  ...oauthTools,
  defineTool({ name: 'who_am_i', description: 'Says who calls.', input: {}, handler: (_input, ctx) => JSON.stringify({ userId: ctx.caller.userId, machine: ctx.caller.machine ?? false }) }),
  defineTool({ name: 'my_orders', description: "Lists the signed-in person's orders.", needsUser: true, input: {}, handler: (_input, ctx) => ctx.api.get('/items/mine', { as: 'text' }) }),
];

async function connect(url: string, stack: OAuthStack, secret = MACHINE.secret): Promise<{ client: Client; provider: ClientCredentialsProvider }> {
  const provider = new ClientCredentialsProvider({ clientId: MACHINE.id, clientSecret: secret, scope: 'orders:read', expectedIssuer: stack.as.issuer });
  const client = new Client({ name: 'nightly-ci', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return { client, provider };
}

const textOf = (result: unknown) => ((result as { content: Array<{ text: string }> }).content[0]?.text ?? '');

describe('auth: a machine client (OAuth client credentials, no user), UPSTREAM_AUTH=token-exchange', () => {
  let stack: OAuthStack;
  let client: Client;
  let provider: ClientCredentialsProvider;
  let mcpUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    mcpUrl = `http://127.0.0.1:${port}/mcp`;
    stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: mcpUrl }, tools, machineClient: MACHINE });
    ({ client, provider } = await connect(mcpUrl, stack));
  });
  afterAll(async () => {
    await client?.close();
    await stack.close();
  });

  it('signs in with the SDK provider, with no user and its own scopes only (though it asks for every scope listed), lists the tools and calls one', async () => {
    const { tools: listed } = await client.listTools();
    expect(listed.map((tool) => tool.name)).toEqual(['hello', 'read_item', 'write_item', 'who_am_i', 'my_orders']);
    const token = provider.tokens()!.access_token;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: MACHINE.id, client_id: MACHINE.id, scope: 'orders:read' });
    expect(JSON.parse(textOf(await client.callTool({ name: 'who_am_i', arguments: {} })))).toEqual({ userId: subjectTagOf(stack.as.issuer, MACHINE.id), machine: true });
    expect(stack.as.grants).toContain('client_credentials');
  });

  it("reaches the API with a token exchanged for the machine itself, never the client's own token", async () => {
    expect(await client.callTool({ name: 'read_item', arguments: { id: 'ci-1' } })).toMatchObject({ content: [{ type: 'text', text: '{"id":"ci-1"}' }] });
    const sent = String(stack.api.requests.at(-1)?.headers.authorization).replace(/^Bearer /, '');
    expect(sent).not.toBe(provider.tokens()!.access_token);
    expect(JSON.parse(Buffer.from(sent.split('.')[1]!, 'base64url').toString('utf8'))).toMatchObject({ aud: API_AUDIENCE, sub: MACHINE.id });
  });

  it('answers a tool that needs a user with a sentence, and calls nothing', async () => {
    const before = stack.api.requests.length;
    const result = await client.callTool({ name: 'my_orders', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'The tool my_orders acts for a signed-in person, and this caller is a machine client signed in with its own credentials, with no user (error: no user). Call it from a client where a person signs in; tools that need no user still work for this client.',
    );
    expect(stack.api.requests.length).toBe(before);
    expect(stack.logs().find((line) => line.msg === 'tool call' && line.tool === 'my_orders')).toMatchObject({ outcome: 'refused', code: 'NO_USER' });
  });

  it('is refused a write tool its scopes do not cover (403 insufficient_scope), as a user would be', async () => {
    const response = await fetch(mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${provider.tokens()!.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'write_item', arguments: {} } }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('refuses a wrong secret at the authorization server with invalid_client, logged with its reason', async () => {
    await expect(connect(mcpUrl, stack, 'not-the-secret-0123456789abcdef0123')).rejects.toThrow();
    expect(stack.asLogs().filter((line) => line.msg === 'token request refused').at(-1)).toMatchObject({ grant: 'client_credentials', oauthError: 'invalid_client', reason: expect.any(String) });
    expect(stack.asLogText()).not.toContain('not-the-secret');
    expect(stack.asLogText()).not.toContain(MACHINE.secret);
  });
});

describe('auth: a machine client with UPSTREAM_AUTH=client-credentials', () => {
  let stack: OAuthStack;
  let client: Client;
  beforeAll(async () => {
    const port = await freePort();
    const mcpUrl = `http://127.0.0.1:${port}/mcp`;
    stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: mcpUrl, UPSTREAM_AUTH: 'client-credentials' }, tools, machineClient: MACHINE });
    ({ client } = await connect(mcpUrl, stack));
  });
  afterAll(async () => {
    await client?.close();
    await stack.close();
  });

  it('sends the API no user subject it does not have: the call ends with a sentence, and nothing reaches the API', async () => {
    const result = await client.callTool({ name: 'read_item', arguments: { id: 'ci-2' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("This tool server's API acts for a signed-in person, and this caller is a machine client signed in with its own credentials, with no user (error: no user).");
    expect(stack.api.requests).toEqual([]);
    // One client-credentials grant: the machine's own sign-in. None was made for the API.
    expect(stack.as.grants.filter((grant) => grant === 'client_credentials')).toHaveLength(1);
    expect(stack.logs().find((line) => line.msg === 'tool call' && line.tool === 'read_item')).toMatchObject({ outcome: 'refused', code: 'NO_USER' });
  });

  it('still sends a person the verified subject (X-User-Subject)', async () => {
    const token = await stack.token('erin', ['orders:read']);
    const response = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_item', arguments: { id: 'p-1' } } }),
    });
    expect(response.status).toBe(200);
    expect(stack.api.requests.at(-1)?.headers['x-user-subject']).toBe('erin');
  });
});
