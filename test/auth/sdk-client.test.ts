// A real OAuth client end to end: the SDK v2 client with its client-credentials provider, given
// only the /mcp URL, finds everything itself (401 → protected resource metadata → the authorization
// server's metadata → a token for this resource) and lists and calls tools.
import { Client, ClientCredentialsProvider, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { subjectTagOf } from '../../src/auth';
import { freePort } from '../support/processes';
import { API_AUDIENCE, startOAuthStack, type OAuthStack } from './oauth-stack';

describe('auth: the SDK v2 client with OAuth client credentials', () => {
  let stack: OAuthStack;
  let client: Client;
  let mcpUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    mcpUrl = `http://127.0.0.1:${port}/mcp`;
    stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: mcpUrl } });
  });
  afterAll(async () => {
    await client?.close();
    await stack.close();
  });

  it('discovers the authorization server from /mcp alone, gets a token for this resource, lists and calls tools', async () => {
    const { id, secret } = stack.as.assistantClient;
    const authProvider = new ClientCredentialsProvider({ clientId: id, clientSecret: secret, scope: 'orders:read orders:write', expectedIssuer: stack.as.issuer });
    client = new Client({ name: 'oauth-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider }));

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['hello', 'read_item', 'write_item']);
    expect(await client.callTool({ name: 'read_item', arguments: { id: 'e2e' } })).toMatchObject({ content: [{ type: 'text', text: '{"id":"e2e"}' }] });
    expect(await client.callTool({ name: 'write_item', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: 'written' }] });

    expect(stack.as.count('/.well-known/oauth-authorization-server') + stack.as.count('/.well-known/openid-configuration')).toBeGreaterThan(1);
    expect(stack.as.grants).toContain('client_credentials');
    const token = authProvider.tokens()?.access_token;
    expect(token).toBeDefined();
    expect(JSON.stringify(stack.api.requests.map((request) => request.headers))).not.toContain(token!);
    // What the API got instead: a token exchanged for it (RFC 8693), for the same subject.
    const sent = String(stack.api.requests[0]?.headers.authorization).replace(/^Bearer /, '');
    expect(JSON.parse(Buffer.from(sent.split('.')[1]!, 'base64url').toString('utf8'))).toMatchObject({ aud: API_AUDIENCE, sub: id });
    expect(stack.as.grants).toContain('urn:ietf:params:oauth:grant-type:token-exchange');
    expect(stack.logs().find((line) => line.msg === 'tool call' && line.tool === 'read_item')).toMatchObject({ userId: subjectTagOf(stack.as.issuer, id) });
  });
});
