// Refresh, not "sign in again": a client token the authorization server would refuse to exchange
// is answered HTTP 401 invalid_token with the challenge, so the SDK clients refresh it (refresh token) and
// the call succeeds without the user. Two ways: a short-lived token past its expiry (refused at the door:
// no leeway on exp), and a token the authorization server refuses to exchange though the door accepted it
// (its clock runs ahead of this server's).
import { freePort } from '../support/processes';
import { until } from '../support/wait';
import { call, postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';
import { openV1, openV2, type Session } from './sdk-sessions';
import { RememberingProvider } from './sign-in';

const MCP_SCOPES = ['orders:read', 'orders:write'];
/** Tokens for /mcp live this long; the authorization server's clock is this far ahead for the exchange. */
const TTL_S = 6;
const AHEAD_S = 4;
const expiryOf = (jwt: string) => (JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number }).exp;

describe.each([
  ['SDK v1', openV1],
  ['SDK v2', openV2],
])('auth: refresh instead of signing in again, with the %s client', (_name, open) => {
  let stack: OAuthStack;
  let mcpUrl: URL;
  const sessions: Session[] = [];
  beforeAll(async () => {
    const port = await freePort();
    mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
    stack = await startOAuthStack({
      port,
      // offline_access in the 401's scope: the clients ask for a refresh token.
      env: { OAUTH_RESOURCE: mcpUrl.href, OAUTH_CHALLENGE_SCOPE: 'orders:read orders:write offline_access' },
      resources: { [mcpUrl.href]: { scopes: MCP_SCOPES, ttlSeconds: TTL_S } },
      registration: true,
      clockAheadSeconds: AHEAD_S,
    });
  });
  afterAll(async () => {
    await Promise.all(sessions.map((session) => session.close()));
    await stack.close();
  });

  async function signedIn(): Promise<{ session: Session; provider: RememberingProvider }> {
    const provider = new RememberingProvider('refreshing client', ['authorization_code', 'refresh_token']);
    const session = await open(mcpUrl, provider);
    sessions.push(session);
    expect(provider.tokens()?.refresh_token).toEqual(expect.any(String));
    return { session, provider };
  }

  it('a token past its expiry gets 401; the client refreshes and the call succeeds with no new sign-in', async () => {
    const { session, provider } = await signedIn();
    const first = provider.tokens()!.access_token;
    // The clock must pass the token's exp: there is no event to wait for.
    await until(() => Date.now() / 1000 > expiryOf(first), 10_000);
    const refreshes = stack.as.grants.filter((grant) => grant === 'refresh_token').length;
    expect(await session.callTool('read_item', { id: 'after-expiry' })).toMatchObject({ content: [{ type: 'text', text: '{"id":"after-expiry"}' }] });
    expect(provider.authorizations).toHaveLength(1);
    expect(stack.as.grants.filter((grant) => grant === 'refresh_token').length).toBeGreaterThan(refreshes);
    expect(provider.tokens()!.access_token).not.toBe(first);
  });

  it('a token the authorization server will not exchange passes the door: 401, refresh, success', async () => {
    const { session, provider } = await signedIn();
    const aged = provider.tokens()!.access_token;
    // Still valid here, already expired by the authorization server's clock.
    await until(() => Date.now() / 1000 > expiryOf(aged) - AHEAD_S + 0.2, 10_000);

    // What any client sees: 401 invalid_token with the challenge and a JSON body, not an in-band "sign in again".
    const raw = await postMcp(stack.url, call('read_item', { id: 'raw' }), aged);
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", .*scope="orders:read orders:write offline_access", resource_metadata="/);
    expect(await raw.json()).toMatchObject({ error: 'invalid_token' });
    expect(stack.logs().find((line) => String(line.msg).startsWith('the authorization server refused to exchange'))).toMatchObject({ oauthError: 'invalid_grant' });

    expect(await session.callTool('read_item', { id: 'after-refusal' })).toMatchObject({ content: [{ type: 'text', text: '{"id":"after-refusal"}' }] });
    expect(provider.authorizations).toHaveLength(1);
    expect(provider.tokens()!.access_token).not.toBe(aged);
    expect(stack.logText()).not.toContain(aged);
  });
});
