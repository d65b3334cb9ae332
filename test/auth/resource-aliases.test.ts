// /mcp reached as http://localhost:<port>/mcp or http://127.0.0.1:<port>/mcp (OAUTH_RESOURCE_ALIASES, issue
// 35): the SDK clients (and mcp-remote, which is the SDK v1 client) compare the metadata's `resource` with
// the URL they were given and refuse another ("Protected resource … does not match expected …"). The
// metadata names the one asked for, tokens for it are accepted, and the log says which name was used.
import { DEMO_USERS } from '../../auth-server';
import { freePort } from '../support/processes';
import { startOAuthStack, type OAuthStack } from './oauth-stack';
import { openV1, openV2, type Session } from './sdk-sessions';
import { REDIRECT_URI, RememberingProvider } from './sign-in';

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const MCP_SCOPES = { scopes: ['orders:read', 'orders:write'] };

describe('auth: /mcp under its loopback names (default aliases of a loopback OAUTH_RESOURCE)', () => {
  let stack: OAuthStack;
  let port: number;
  const sessions: Session[] = [];
  beforeAll(async () => {
    port = await freePort();
    // The authorization server issues tokens for both names, as `npm run auth-server` does for a loopback resource.
    stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: `http://127.0.0.1:${port}/mcp` }, registration: true, resources: { [`http://localhost:${port}/mcp`]: MCP_SCOPES } });
  });
  afterAll(async () => {
    await Promise.all(sessions.map((session) => session.close()));
    await stack.close();
  });

  it.each([
    ['SDK v2', 'localhost', openV2],
    ['SDK v2', '127.0.0.1', openV2],
    ['SDK v1', 'localhost', openV1],
    ['SDK v1', '127.0.0.1', openV1],
  ])('the %s client given http://%s:<port>/mcp signs in and calls a tool with a token for that URL', async (client, host, open) => {
    const url = `http://${host}:${port}/mcp`;
    // What a client that checks resource equality reads: the metadata under the name it was given names it.
    const metadata = (await (await fetch(`http://${host}:${port}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    expect(metadata.resource).toBe(url);
    const unauthorized = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unauthorized.headers.get('www-authenticate')).toContain(`resource_metadata="http://${host}:${port}/.well-known/oauth-protected-resource/mcp"`);

    const provider = new RememberingProvider(`alias ${host}`);
    const session = await open(new URL(url), provider);
    sessions.push(session);
    expect(provider.authorizationUrl?.searchParams.get('resource')).toBe(url);
    // What each registers (docs/hosted-assistants.md, the table by client): the application's redirect URI,
    // a public client; v2 also derives application_type native from a loopback redirect (v1 sends none).
    expect(provider.clientInformation()).toMatchObject({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' });
    if (client === 'SDK v2') expect(provider.clientInformation()).toMatchObject({ application_type: 'native' });
    // Both ask for the 401's scope (every scope the tools declare here) and add prompt=consent for offline_access only.
    expect(provider.authorizationUrl?.searchParams.get('scope')).toBe('orders:read orders:write');
    expect(provider.authorizationUrl?.searchParams.get('prompt')).toBeNull();
    expect(payloadOf(provider.tokens()!.access_token)).toMatchObject({ aud: url, sub: DEMO_USERS[0]!.login });
    expect(await session.callTool('read_item', { id: host })).toMatchObject({ content: [{ type: 'text', text: JSON.stringify({ id: host }) }] });
  });

  it('logs once that the metadata was read under an alias, naming it', () => {
    const hints = stack.logs().filter((line) => String(line.msg).startsWith('resource metadata read under an alias'));
    expect(hints).toEqual([expect.objectContaining({ level: 30, host: `localhost:${port}`, resource: `http://localhost:${port}/mcp`, canonical: `http://127.0.0.1:${port}/mcp` })]);
  });
});

describe('auth: OAUTH_RESOURCE_ALIASES=none', () => {
  let stack: OAuthStack;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: `http://127.0.0.1:${port}/mcp`, OAUTH_RESOURCE_ALIASES: 'none' }, registration: true });
  });
  afterAll(() => stack.close());

  it('names OAUTH_RESOURCE under any host: a client given the localhost URL refuses it, and the log says what to do', async () => {
    const metadata = (await (await fetch(`http://localhost:${port}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    expect(metadata.resource).toBe(`http://127.0.0.1:${port}/mcp`);
    await expect(openV2(new URL(`http://localhost:${port}/mcp`), new RememberingProvider('no alias'))).rejects.toThrow(/does not match expected/);
    const hint = stack.logs().find((line) => String(line.msg).startsWith("resource metadata read under a host that is not OAUTH_RESOURCE's"));
    expect(hint).toMatchObject({ level: 40, host: `localhost:${port}`, resource: `http://127.0.0.1:${port}/mcp` });
    expect(String(hint?.msg)).toContain('OAUTH_RESOURCE_ALIASES');
  });
});
