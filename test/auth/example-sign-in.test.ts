// The local sign-in ends in real calls (issue 32): alice signs in at the bundled authorization server's
// form (over HTTP, no browser) with the SDK v1 and v2 clients, and the example tools answer as her through
// the bundled example API: whoami, search_orders, then create_order after at most one step-up, under the
// challenge scope the docs recommend (offline_access included), in token-exchange and client-credentials mode.
// SDK v1 (1.32) answers a 403 by refreshing when it holds a refresh token, which cannot add a scope (issue 35):
// the docs tell its users to challenge for every scope at once; the last test pins that client behaviour.
import { startExampleStack, type ExampleStack } from './example-stack';
import { call, postMcp } from './oauth-stack';
import { openV1, openV2, withSignIn, type Session } from './sdk-sessions';
import { RememberingProvider } from './sign-in';

const textOf = (result: unknown) => (result as { content: Array<{ text: string }> }).content.map((part) => part.text).join('\n');
const ORDER = { customer: 'Northwind Traders', lines: [{ sku: 'WIDGET-1', quantity: 2, unitPrice: 12.5 }] };

const READ_FIRST = 'orders:read offline_access';
const EVERY_SCOPE = 'orders:read orders:write offline_access';

describe.each([
  ['SDK v2', 'token-exchange', READ_FIRST, openV2, 2],
  ['SDK v2', 'client-credentials', READ_FIRST, openV2, 2],
  ['SDK v1', 'token-exchange', EVERY_SCOPE, openV1, 1],
] as const)('auth: alice signs in with the %s client and calls the example tools (UPSTREAM_AUTH=%s, OAUTH_CHALLENGE_SCOPE="%s")', (_name, mode, challenge, open, authorizations) => {
  let stack: ExampleStack;
  let session: Session | undefined;
  beforeAll(async () => {
    stack = await startExampleStack({ UPSTREAM_AUTH: mode, OAUTH_CHALLENGE_SCOPE: challenge });
  });
  afterAll(async () => {
    await session?.close();
    await stack?.close();
  });

  it('whoami and search_orders answer as alice; create_order after at most one step-up; the API saw her', async () => {
    const provider = new RememberingProvider('example sign-in', ['authorization_code', 'refresh_token']);
    session = await open(stack.mcpUrl, provider);
    expect(provider.authorizations[0]!.searchParams.get('scope')).toBe(challenge);
    expect(provider.tokens()?.refresh_token).toEqual(expect.any(String));

    expect(textOf(await session.callTool('whoami', {}))).toBe('You are signed in as Demo Manager (user id u-100), role manager, in organisation acme.');
    expect(textOf(await session.callTool('search_orders', { customer: 'northwind' }))).toMatch(/^Found 2 order\(s\):\n#1001 · Northwind Traders · open · 50\.00\n#1003/);
    const created = await withSignIn(session, provider, () => session!.callTool('create_order', ORDER));
    expect(textOf(created)).toMatch(/^Created order #\d+ for Northwind Traders: 1 line\(s\), total 25\.00\.$/);

    // One sign-in, and a step-up (when the first token could not write) that kept offline_access, so the
    // new token can still be refreshed.
    expect(provider.authorizations).toHaveLength(authorizations);
    expect(new Set(provider.authorizations.at(-1)!.searchParams.get('scope')!.split(' '))).toEqual(new Set(EVERY_SCOPE.split(' ')));
    expect(provider.tokens()?.refresh_token).toEqual(expect.any(String));
    // The API's own record: the order is alice's (the manager, u-100).
    expect(textOf(await session.callTool('search_orders', { customer: 'northwind', limit: 50 }))).toContain('Found 3 order(s)');
    expect(stack.api.lastHeaders()?.authorization).toMatch(/^Bearer ey/);
    if (mode === 'client-credentials') expect(stack.api.lastHeaders()?.['x-user-subject']).toBe('alice');
  });
});

describe('auth: the SDK v1 client under OAUTH_CHALLENGE_SCOPE="orders:read offline_access"', () => {
  let stack: ExampleStack;
  let session: Session | undefined;
  beforeAll(async () => {
    stack = await startExampleStack({ OAUTH_CHALLENGE_SCOPE: READ_FIRST });
  });
  afterAll(async () => {
    await session?.close();
    await stack?.close();
  });

  it('lists offline_access in the metadata and keeps it in the 403, so a client that follows either keeps its refresh token', async () => {
    const metadata = (await (await fetch(`${stack.mcpUrl.origin}/.well-known/oauth-protected-resource/mcp`)).json()) as { scopes_supported: string[] };
    expect(metadata.scopes_supported).toEqual(['orders:read', 'orders:write', 'offline_access']);
    const reader = await stack.as.userToken({ subject: 'alice', resource: stack.mcpUrl.href, scopes: ['orders:read'] });
    const refused = await postMcp(stack.mcpUrl.origin, call('create_order', ORDER), reader);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", scope="orders:read orders:write offline_access", /);
  });

  it('refreshes instead of stepping up although the 403 names every scope: the docs advise EVERY_SCOPE for it', async () => {
    const provider = new RememberingProvider('example sign-in v1', ['authorization_code', 'refresh_token']);
    session = await openV1(stack.mcpUrl, provider);
    expect(textOf(await session.callTool('whoami', {}))).toContain('Demo Manager');
    const refused = await session.callTool('create_order', ORDER).then(() => undefined, (error: unknown) => error);
    // What the server said was enough for a step-up; the client refreshed (same scopes) and gave up.
    expect(String(refused)).toContain('Server returned 403 after trying upscoping');
    expect(stack.as.grants.filter((grant) => grant === 'refresh_token')).toHaveLength(1);
    expect(provider.authorizations).toHaveLength(1);
  });
});
