// UPSTREAM_SCOPE (for Okta, whose token exchange needs a scope): sent with the token-exchange and
// the client-credentials requests, against the real authorization server; unset, no scope is sent.
import { API_AUDIENCE, call, postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';

const claimsOf = (authorization: unknown) =>
  JSON.parse(Buffer.from(String(authorization).replace(/^Bearer /, '').split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(['token-exchange', 'client-credentials'])('auth: UPSTREAM_SCOPE with UPSTREAM_AUTH=%s', (mode) => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { UPSTREAM_AUTH: mode, UPSTREAM_SCOPE: 'api' } });
  });
  afterAll(() => stack.close());

  it('is sent as the scope of the request for the API token, which the API receives with that scope', async () => {
    const response = await postMcp(stack.url, call('read_item', { id: `s-${mode}` }), await stack.token(`scoped-${mode}`, ['orders:read']));
    expect(response.status).toBe(200);
    const seen = await stack.api.seen(`/items/s-${mode}`);
    expect(claimsOf(seen.headers.authorization)).toMatchObject({ aud: API_AUDIENCE, scope: 'api' });
    expect(stack.as.tokenRequests.at(-1)).toMatchObject({ scope: 'api', resource: API_AUDIENCE });
  });
});

describe('auth: UPSTREAM_SCOPE unset', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack();
  });
  afterAll(() => stack.close());

  it('sends no scope with the exchange', async () => {
    const response = await postMcp(stack.url, call('read_item', { id: 'unscoped' }), await stack.token('unscoped', ['orders:read']));
    expect(response.status).toBe(200);
    await stack.api.seen('/items/unscoped');
    expect(stack.as.tokenRequests.at(-1)).toMatchObject({ resource: API_AUDIENCE });
    expect(stack.as.tokenRequests.at(-1)).not.toHaveProperty('scope');
  });
});
