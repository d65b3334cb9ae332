// Opaque access tokens: checked by RFC 7662 introspection at the real authorization server with
// the tool server's client credentials, then cached until they expire.
import { call, OPAQUE_RESOURCE, postMcp, RESOURCE, startOAuthStack, type OAuthStack } from './oauth-stack';

const INTROSPECTION = '/token/introspection';

describe('auth: opaque tokens by introspection', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({
      resources: { [OPAQUE_RESOURCE]: { scopes: ['orders:read', 'orders:write'], format: 'opaque' } },
      env: { OAUTH_RESOURCE: OPAQUE_RESOURCE },
    });
  });
  afterAll(() => stack.close());

  it('an opaque token for this resource is introspected once, then served from the cache', async () => {
    const token = await stack.token('opaque-user', ['orders:read'], OPAQUE_RESOURCE);
    expect(token.split('.')).toHaveLength(1);
    const first = await postMcp(stack.url, call('read_item', { id: 'o1' }), token);
    expect(first.status).toBe(200);
    expect(stack.as.count(INTROSPECTION)).toBe(1);
    expect((await postMcp(stack.url, call('read_item', { id: 'o2' }), token)).status).toBe(200);
    expect(stack.as.count(INTROSPECTION)).toBe(1);
  });

  it('an introspected token keeps its scopes: a tool needing more gets 403', async () => {
    const token = await stack.token('opaque-reader', ['orders:read'], OPAQUE_RESOURCE);
    expect((await postMcp(stack.url, call('write_item'), token)).status).toBe(403);
  });

  it('a token for another resource is refused, whatever its format', async () => {
    const jwt = await stack.token('elsewhere', ['orders:read'], RESOURCE);
    expect((await postMcp(stack.url, call('hello'), jwt)).status).toBe(401);
  });
});
