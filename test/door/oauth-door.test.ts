// The door with MCP_AUTH=oauth and HUB_SECRETS: /mcp and its metadata take a bearer token
// instead of the hub's secret, while /sse and /messages still refuse a caller with only an OAuth token.
import { call, list, postMcp, startOAuthStack, type OAuthStack } from '../auth/oauth-stack';
import { raw } from './request';

const SECRET = 'hub-secret-0123456789abcdef';

describe('door: MCP_AUTH=oauth beside the hub secret', () => {
  let stack: OAuthStack;
  let token: string;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { HUB_SECRETS: SECRET } });
    token = await stack.token('door-user', ['orders:read']);
  });
  afterAll(() => stack.close());

  it('POST /mcp with a token and no hub secret is served', async () => {
    const response = await postMcp(stack.url, list, token);
    expect(response.status).toBe(200);
  });

  it('POST /mcp with neither gets the OAuth challenge, not the hub refusal', async () => {
    const response = await postMcp(stack.url, list);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(await response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('POST /mcp with the hub secret and no token still needs a token', async () => {
    expect((await postMcp(stack.url, list, undefined, { 'x-hub-secret': SECRET })).status).toBe(401);
  });

  it('the metadata is readable without a secret, and the Host check still applies to it', async () => {
    expect((await raw(stack.url, '/.well-known/oauth-protected-resource/mcp')).status).toBe(200);
    const foreign = await raw(stack.url, '/.well-known/oauth-protected-resource/mcp', { headers: { host: 'evil.example.com' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toMatchObject({ error: 'host_not_allowed' });
  });

  it.each([
    ['GET /sse', '/sse', 'GET'],
    ['POST /messages', '/messages?sessionId=x', 'POST'],
  ])('%s with only an OAuth token is refused by the door', async (_label, path, method) => {
    const answer = await raw(stack.url, path, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(method === 'POST' ? { body: call('read_item', { id: 'x' }) } : {}),
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ error: 'caller_unauthenticated' });
    expect(stack.api.requests).toHaveLength(0);
  });
});
