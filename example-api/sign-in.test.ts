// The local sign-in ends in real calls: alice signs in at the bundled authorization server's
// form (over HTTP, no browser) with the SDK v1 and v2 clients, and the example tools answer as her through
// the bundled example API: whoami, search_orders, then create_order after at most one step-up, under the
// challenge scope the docs recommend (offline_access included), in token-exchange and client-credentials mode.
// SDK v1 (1.32) answers a 403 by refreshing when it holds a refresh token, which cannot add a scope:
// the docs tell its users to challenge for every scope at once; a test pins that client behaviour. Last,
// `npm run sign-in` (cli/sign-in/) as the docs use it: alice's whoami through the example API.
import { Writable } from 'node:stream';
import { createDiscovery } from '../src/auth';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { createToolServer, type ToolServer } from '../src/server';
import { startAuthorizationServer, type AuthorizationServer } from '../auth-server';
import { startExampleApi, type RunningExampleApi } from './index';
import whoami from '../tools/whoami';
import searchOrders from '../tools/search_orders';
import createOrder from '../tools/create_order';
import searchOrdersView from '../tools/search_orders.view';
import { signInAndCall } from '../cli/sign-in/sign-in';
import { freePort } from '../test/support/processes';
import { call, postMcp } from '../test/auth/oauth-stack';
import { openV1, openV2, withSignIn, type Session } from '../test/auth/sdk-sessions';
import { RememberingProvider } from '../test/auth/sign-in';

const API_AUDIENCE = 'https://api.example.test';

interface ExampleStack {
  as: AuthorizationServer;
  api: RunningExampleApi;
  server: ToolServer;
  mcpUrl: URL;
  logText(): string;
  close(): Promise<void>;
}

/** `env`: the tool server's settings besides those the auth server's banner prints (e.g. OAUTH_CHALLENGE_SCOPE). */
async function startExampleStack(env: NodeJS.ProcessEnv = {}): Promise<ExampleStack> {
  const port = await freePort();
  const mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
  const as = await startAuthorizationServer({
    resources: { [mcpUrl.href]: { scopes: ['orders:read', 'orders:write'] }, [API_AUDIENCE]: { scopes: ['api'] } },
    registration: true,
  });
  const closing: Array<() => Promise<void>> = [() => as.close()];
  const close = async () => {
    for (const step of closing.reverse()) await step();
  };
  try {
    return await started();
  } catch (error) {
    await close();
    throw error;
  }

  async function started(): Promise<ExampleStack> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      CUSTOMER_API_URL: 'http://127.0.0.1:9/unused',
      MCP_AUTH: 'oauth',
      OAUTH_ISSUER: as.issuer,
      OAUTH_RESOURCE: mcpUrl.href,
      OAUTH_CLIENT_ID: as.toolServerClient.id,
      OAUTH_CLIENT_SECRET: as.toolServerClient.secret,
      UPSTREAM_AUTH: 'token-exchange',
      UPSTREAM_AUDIENCE: API_AUDIENCE,
      ...env,
    });
    const auth = config.auth!;
    // What src/index.ts gives the embedded example API when CUSTOMER_API_URL is unset.
    const api = await startExampleApi({ oauth: { issuer: auth.issuer, audience: auth.upstream.audience, clientId: auth.client.id, userHeader: auth.upstream.userHeader } });
    closing.push(() => api.close());
    const chunks: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = createLogger({ level: config.logLevel, destination: sink });
    const discovery = createDiscovery({ issuer: as.issuer, allowInsecureRequests: true, logger, firstRetryMs: 20, maxRetryMs: 50 });
    closing.push(async () => discovery.close());
    const server = createToolServer({
      config,
      customerApiUrl: api.url,
      logger,
      tools: [whoami, searchOrders, createOrder],
      resources: [searchOrdersView],
      info: { name: 'example-sign-in', version: '0.0.0' },
      auth: { discovery },
    });
    closing.push(() => server.shutdown());
    await server.listen(port, '127.0.0.1');
    await discovery.ready();
    return { as, api, server, mcpUrl, logText: () => chunks.join(''), close };
  }
}

const textOf = (result: unknown) => (result as { content: Array<{ text: string }> }).content.map((part) => part.text).join('\n');
// alice manages two organisations: the order names one, so create_order need not ask which.
const ORDER = { customer: 'Northwind Traders', lines: [{ sku: 'WIDGET-1', quantity: 2, unitPrice: 12.5 }], organisation: 'acme' };

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

describe('npm run sign-in against the example API', () => {
  let stack: ExampleStack;
  beforeAll(async () => {
    stack = await startExampleStack({ OAUTH_CHALLENGE_SCOPE: READ_FIRST });
  });
  afterAll(() => stack?.close());

  it("alice's whoami, then bob's; create_order by bob is the API's refusal, after the step-up", async () => {
    const as = (login: string, name: string, args: Record<string, unknown> = {}) => signInAndCall({ url: stack.mcpUrl, login, password: `${login}-demo`, call: { name, args } });
    expect(await as('alice', 'whoami')).toEqual({ text: 'You are signed in as Demo Manager (user id u-100), role manager, in organisation acme.', isError: false, signIns: 1 });
    expect((await as('bob', 'whoami')).text).toBe('You are signed in as Demo Viewer (user id u-200), role viewer, in organisation acme.');
    expect(await as('bob', 'create_order', ORDER)).toEqual({ text: expect.stringContaining("You don't have permission"), isError: true, signIns: 2 });
  });
});
