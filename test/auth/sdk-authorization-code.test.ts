// A real OAuth client end to end with a user: the SDK v2 client, given only the /mcp URL, finds
// everything itself (401 → protected resource metadata → the authorization server's metadata), registers
// itself (dynamic client registration, RFC 7591, as Claude and ChatGPT do: a public client, PKCE and no
// secret), sends the user to sign in and consent (the sign-in page of auth-server/, driven here without a
// browser), trades the code for a token for this resource, and lists and calls tools as that user.
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { DEMO_USERS } from '../../auth-server';
import { subjectTagOf } from '../../src/auth';
import { freePort } from '../support/processes';
import { API_AUDIENCE, startOAuthStack, type OAuthStack } from './oauth-stack';
import { REDIRECT_URI, RememberingProvider, signInAndConsent } from './sign-in';

const USER = DEMO_USERS[0]!.login;

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('auth: the SDK v2 client with the authorization-code flow (PKCE, dynamic registration)', () => {
  let stack: OAuthStack;
  let client: Client | undefined;
  let mcpUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    mcpUrl = `http://127.0.0.1:${port}/mcp`;
    stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: mcpUrl }, registration: true });
  });
  afterAll(async () => {
    await client?.close();
    await stack.close();
  });

  it('discovers, registers, signs the user in, gets a token for this resource as that user, lists and calls tools', async () => {
    const authProvider = new RememberingProvider();
    // Every request the client makes, in order (the client's own fetch, recorded).
    const seen: string[] = [];
    const recording: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      seen.push(`${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url.origin === stack.as.issuer ? 'as' : 'mcp'}${url.pathname}`);
      return fetch(input, init);
    };
    const first = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider, fetch: recording });
    await expect(new Client({ name: 'oauth-code-e2e', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    // Registered as a public client: no secret, so the authorization server requires PKCE of it.
    expect(authProvider.clientInformation()).toMatchObject({ client_id: expect.any(String), token_endpoint_auth_method: 'none' });
    expect(authProvider.clientInformation()?.client_secret).toBeUndefined();
    const authorizationUrl = authProvider.authorizationUrl!;
    expect(authorizationUrl.origin).toBe(stack.as.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(mcpUrl);

    const callback = await signInAndConsent(authorizationUrl, REDIRECT_URI, DEMO_USERS[0]);
    expect(callback.get('code')).toBeTruthy();
    await first.finishAuth(callback);
    await first.close();

    client = new Client({ name: 'oauth-code-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider, fetch: recording }));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['hello', 'read_item', 'write_item']);
    expect(await client.callTool({ name: 'read_item', arguments: { id: 'e2e' } })).toMatchObject({ content: [{ type: 'text', text: '{"id":"e2e"}' }] });

    // Everything was found from the /mcp URL: its 401, its metadata, the authorization server's, registration,
    // then (after the browser's part) the token, and /mcp again with it.
    expect(seen.slice(0, 5)).toEqual(['POST mcp/mcp', 'GET mcp/.well-known/oauth-protected-resource/mcp', 'GET as/.well-known/oauth-authorization-server', 'POST as/reg', 'POST as/token']);
    expect(seen.slice(5)).toContain('POST mcp/mcp');
    expect(stack.as.count('/reg')).toBe(1);
    // The token is the user's, for this resource, from the code (and the PKCE verifier).
    expect(stack.as.grants).toContain('authorization_code');
    const token = authProvider.tokens()?.access_token;
    expect(token).toBeDefined();
    expect(payloadOf(token!)).toMatchObject({ sub: USER, aud: mcpUrl, client_id: authProvider.clientInformation()?.client_id });
    // The API never saw it: it got a token exchanged for it (RFC 8693), for the same user.
    expect(JSON.stringify(stack.api.requests.map((request) => request.headers))).not.toContain(token!);
    const sent = String(stack.api.requests[0]?.headers.authorization).replace(/^Bearer /, '');
    expect(payloadOf(sent)).toMatchObject({ aud: API_AUDIENCE, sub: USER });
    expect(stack.as.grants).toContain('urn:ietf:params:oauth:grant-type:token-exchange');
    expect(stack.logs().find((line) => line.msg === 'tool call' && line.tool === 'read_item')).toMatchObject({ userId: subjectTagOf(stack.as.issuer, USER) });
  });
});
