// Enterprise-Managed Authorization end to end: a user signed in to the company's IdP (a small one of the
// test's own, ./../support/enterprise-idp) uses an MCP client built on the SDK v2's CrossAppAccessProvider.
// The client exchanges the user's ID token at the IdP for an ID-JAG (RFC 8693), presents it at the local
// authorization server (RFC 7523 JWT bearer grant), and calls a tool on /mcp as that user, with no sign-in
// page. The tool server sees the user; the API receives a token made for it, never the client's.
import { Client, CrossAppAccessProvider, discoverAndRequestJwtAuthGrant, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { JWT_BEARER_GRANT } from '../../auth-server';
import { subjectTagOf } from '../../src/auth';
import { defineTool, type Tool } from '../../src/tools';
import { freePort } from '../support/processes';
import { ID_JAG_TOKEN_TYPE, startEnterpriseIdp, type EnterpriseIdpServer } from '../support/enterprise-idp';
import { API_AUDIENCE, oauthTools, startOAuthStack, type OAuthStack } from './oauth-stack';

const USER = 'frank@acme.example';
/** The MCP client as the IdP knows it (single sign-on), and its client_id at this server's authorization server. */
const IDP_CLIENT = { id: 'acme-assistant', secret: 'acme-assistant-idp-secret' };

const tools: readonly Tool[] = [
  ...oauthTools,
  defineTool({ name: 'who_am_i', description: 'Says who calls.', input: {}, handler: (_input, ctx) => JSON.stringify({ userId: ctx.caller.userId, machine: ctx.caller.machine ?? false }) }),
];

describe('auth: enterprise sign-in with an ID-JAG (the SDK v2 CrossAppAccessProvider)', () => {
  let idp: EnterpriseIdpServer;
  let stack: OAuthStack;
  let client: Client;
  let provider: CrossAppAccessProvider;
  let grants: string[];
  beforeAll(async () => {
    const port = await freePort();
    const mcpUrl = `http://127.0.0.1:${port}/mcp`;
    idp = await startEnterpriseIdp({ [IDP_CLIENT.id]: { secret: IDP_CLIENT.secret, clientIdAtServer: 'assistant' } });
    stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: mcpUrl }, tools, enterprise: { issuer: idp.issuer, jwksUrl: idp.jwksUrl } });
    const idToken = await idp.idToken(USER, IDP_CLIENT.id); // the user's single sign-on to the MCP client
    grants = [];
    provider = new CrossAppAccessProvider({
      assertion: async (ctx) => {
        const { jwtAuthGrant } = await discoverAndRequestJwtAuthGrant({
          idpUrl: idp.issuer,
          audience: ctx.authorizationServerUrl,
          resource: ctx.resourceUrl,
          idToken,
          clientId: IDP_CLIENT.id,
          clientSecret: IDP_CLIENT.secret,
          scope: ctx.scope,
          fetchFn: ctx.fetchFn,
        });
        grants.push(jwtAuthGrant);
        return jwtAuthGrant;
      },
      clientId: stack.as.assistantClient.id,
      clientSecret: stack.as.assistantClient.secret,
      expectedIssuer: stack.as.issuer,
    });
    client = new Client({ name: 'acme-assistant', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }));
  });
  afterAll(async () => {
    await client?.close();
    await stack?.close();
    await idp?.close();
  });

  it('gets an ID-JAG from the IdP for this authorization server and this /mcp, then a token for it with the JWT bearer grant', () => {
    expect(idp.exchanges).toEqual([
      expect.objectContaining({ requested_token_type: ID_JAG_TOKEN_TYPE, audience: stack.as.issuer, resource: stack.config.auth!.resource, client_id: IDP_CLIENT.id }),
    ]);
    expect(stack.as.grants).toContain(JWT_BEARER_GRANT);
    const claims = JSON.parse(Buffer.from(provider.tokens()!.access_token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toMatchObject({ iss: stack.as.issuer, sub: USER, aud: stack.config.auth!.resource, client_id: 'assistant' });
  });

  it('calls a tool as the enterprise user: the tool sees the user, not a machine', async () => {
    const result = await client.callTool({ name: 'who_am_i', arguments: {} });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0]!.text)).toEqual({ userId: subjectTagOf(stack.as.issuer, USER), machine: false });
  });

  it("reaches the API with a token exchanged for it, for the same user, never the client's", async () => {
    expect(await client.callTool({ name: 'read_item', arguments: { id: 'ent-1' } })).toMatchObject({ content: [{ type: 'text', text: '{"id":"ent-1"}' }] });
    const sent = String(stack.api.requests.at(-1)?.headers.authorization).replace(/^Bearer /, '');
    expect(sent).not.toBe(provider.tokens()!.access_token);
    expect(JSON.parse(Buffer.from(sent.split('.')[1]!, 'base64url').toString('utf8'))).toMatchObject({ aud: API_AUDIENCE, sub: USER });
    expect(stack.logs().find((line) => line.msg === 'tool call' && line.tool === 'read_item')).toMatchObject({ outcome: 'ok', userId: subjectTagOf(stack.as.issuer, USER) });
  });

  it('logs the grant accepted with the hashed subject, and no line holds the ID-JAG, a token or the user', () => {
    expect(stack.asLogs().find((line) => line.msg === 'ID-JAG accepted')).toMatchObject({ client: 'assistant', subjectTag: subjectTagOf(stack.as.issuer, USER) });
    const logs = stack.asLogText() + stack.logText();
    expect(grants).toHaveLength(1);
    expect(logs).not.toContain(grants[0]!.split('.')[1]!);
    expect(logs).not.toContain(USER);
    expect(logs).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  });
});
