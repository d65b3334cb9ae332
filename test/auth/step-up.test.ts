// Step-up without sign-in loops: a 403 insufficient_scope names the scopes the token had as well
// as those the call needs, so a client that replaces its scope list with the challenge's (the SDK v1 client)
// keeps its earlier permissions. Read → write → read → write with a client that signed in for reading only
// costs exactly one extra authorization, with the SDK v1 and v2 clients, against the real authorization server.
import { z } from 'zod';
import { defineTool } from '../../src/tools';
import { freePort } from '../support/processes';
import { startOAuthStack, type OAuthStack } from './oauth-stack';
import { openV1, openV2, withSignIn, type Session } from './sdk-sessions';
import { RememberingProvider } from './sign-in';

const tools = [
  defineTool({ name: 'search_orders', description: 'Searches orders.', scopes: ['orders:read'], input: { q: z.string() }, handler: ({ q }) => `found ${q}` }),
  defineTool({ name: 'create_order', description: 'Creates an order.', scopes: ['orders:write'], input: {}, handler: () => 'created' }),
];

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
