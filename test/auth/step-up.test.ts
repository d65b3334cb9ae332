// Step-up without sign-in loops (issue 25): a 403 insufficient_scope names the scopes the token had as well
// as those the call needs, so a client that replaces its scope list with the challenge's (the SDK v1 client)
// keeps its earlier permissions. Read → write → read → write with a client that signed in for reading only
// costs exactly one extra authorization, with the SDK v1 and v2 clients, against the real authorization server.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2, UnauthorizedError as UnauthorizedV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError as UnauthorizedV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { freePort } from '../support/processes';
import { startOAuthStack, type OAuthStack } from './oauth-stack';
import { REDIRECT_URI, RememberingProvider, signInAndConsent } from './sign-in';

const tools = [
  defineTool({ name: 'search_orders', description: 'Searches orders.', scopes: ['orders:read'], input: { q: z.string() }, handler: ({ q }) => `found ${q}` }),
  defineTool({ name: 'create_order', description: 'Creates an order.', scopes: ['orders:write'], input: {}, handler: () => 'created' }),
];

/** The two clients' shared shape for this test: a call, and finishing an authorization the user completed. */
interface Session {
  callTool(name: string, args: Record<string, unknown>): Promise<unknown>;
  finishAuth(callback: URLSearchParams): Promise<void>;
  isUnauthorized(error: unknown): boolean;
  close(): Promise<void>;
}

async function openV1(url: URL, provider: RememberingProvider): Promise<Session> {
  // The first connection only signs the user in (a transport is started once); the second one is kept.
  const first = new TransportV1(url, { authProvider: provider });
  await expect(new ClientV1({ name: 'step-up-v1', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedV1);
  await first.finishAuth((await signIn(provider)).get('code')!);
  await first.close();
  const transport = new TransportV1(url, { authProvider: provider });
  const client = new ClientV1({ name: 'step-up-v1', version: '1.0.0' });
  await client.connect(transport);
  return {
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    finishAuth: (callback) => transport.finishAuth(callback.get('code')!),
    isUnauthorized: (error) => error instanceof UnauthorizedV1,
    close: () => client.close(),
  };
}

async function openV2(url: URL, provider: RememberingProvider): Promise<Session> {
  const first = new TransportV2(url, { authProvider: provider });
  await expect(new ClientV2({ name: 'step-up-v2', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedV2);
  await first.finishAuth(await signIn(provider));
  await first.close();
  const transport = new TransportV2(url, { authProvider: provider });
  const client = new ClientV2({ name: 'step-up-v2', version: '1.0.0' });
  await client.connect(transport);
  return {
    callTool: (name, args) => client.callTool({ name, arguments: args }),
    finishAuth: (callback) => transport.finishAuth(callback),
    isUnauthorized: (error) => error instanceof UnauthorizedV2,
    close: () => client.close(),
  };
}

/** The user's part of the last authorization the client started: signs in, consents, lands on the redirect. */
const signIn = (provider: RememberingProvider) => signInAndConsent(provider.authorizationUrl!, REDIRECT_URI, 'shopper');

/** Runs `step`; when the client sends the user to authorize, the user signs in and the step runs again. */
async function withSignIn<T>(session: Session, provider: RememberingProvider, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!session.isUnauthorized(error)) throw error;
    await session.finishAuth(await signIn(provider));
    return step();
  }
}

describe.each([
  ['SDK v1', openV1],
  ['SDK v2', openV2],
])('auth: step-up with the %s client', (_name, open) => {
  let stack: OAuthStack;
  let session: Session | undefined;
  let mcpUrl: URL;
  beforeAll(async () => {
    const port = await freePort();
    mcpUrl = new URL(`http://127.0.0.1:${port}/mcp`);
    // The 401 asks for reading only: the client's first token cannot write.
    stack = await startOAuthStack({ port, env: { OAUTH_RESOURCE: mcpUrl.href, OAUTH_CHALLENGE_SCOPE: 'orders:read' }, registration: true, tools });
  });
  afterAll(async () => {
    await session?.close();
    await stack.close();
  });

  it('read → write → read → write needs one authorization to sign in and exactly one more to write', async () => {
    const provider = new RememberingProvider();
    session = await open(mcpUrl, provider);
    expect(provider.authorizations).toHaveLength(1);
    expect(provider.authorizations[0]!.searchParams.get('scope')).toBe('orders:read');

    const answers: unknown[] = [];
    for (const [name, args] of [['search_orders', { q: 'a' }], ['create_order', {}], ['search_orders', { q: 'b' }], ['create_order', {}]] as const) {
      answers.push(await withSignIn(session, provider, () => session!.callTool(name, args)));
    }
    expect(answers).toEqual([
      expect.objectContaining({ content: [{ type: 'text', text: 'found a' }] }),
      expect.objectContaining({ content: [{ type: 'text', text: 'created' }] }),
      expect.objectContaining({ content: [{ type: 'text', text: 'found b' }] }),
      expect.objectContaining({ content: [{ type: 'text', text: 'created' }] }),
    ]);
    expect(provider.authorizations).toHaveLength(2);
    // The step-up asked for both: what the token had and what the write needs.
    expect(new Set(provider.authorizations[1]!.searchParams.get('scope')!.split(' '))).toEqual(new Set(['orders:read', 'orders:write']));
    expect(stack.as.grants.filter((grant) => grant === 'authorization_code')).toHaveLength(2);
  });
});
