// With MCP_AUTH=oauth the card is still read without a token, names OAUTH_RESOURCE as /mcp's URL and
// declares no header: the host learns how to sign in from /mcp's 401 and the protected resource metadata.
import { raw } from '../door/request';
import { postMcp, RESOURCE, startOAuthStack, type OAuthStack } from '../auth/oauth-stack';

let stack: OAuthStack;
beforeAll(async () => {
  stack = await startOAuthStack({ env: { HUB_SECRETS: 'a-hub-secret-of-at-least-16-chars' } });
});
afterAll(() => stack.close());

it('GET /mcp/server-card needs no token while POST /mcp answers 401 with its challenge', async () => {
  const unauthorized = await postMcp(stack.url, { jsonrpc: '2.0', id: 1, method: 'ping' });
  expect(unauthorized.status).toBe(401);
  expect(unauthorized.headers.get('www-authenticate')).toContain('resource_metadata=');
  const answer = await raw(stack.url, '/mcp/server-card');
  expect(answer.status).toBe(200);
  const card = JSON.parse(answer.body) as { name: string; title: string; remotes: Array<Record<string, unknown>> };
  expect(card).toMatchObject({ name: 'oauth-test-server', title: 'OAuth test server' });
  expect(card.remotes).toEqual([{ type: 'streamable-http', url: RESOURCE, supportedProtocolVersions: expect.arrayContaining(['2026-07-28', '2025-11-25']) }]);
});

it('the catalog points at the card under OAUTH_RESOURCE', async () => {
  const catalog = await raw(stack.url, '/.well-known/ai-catalog.json');
  expect(catalog.status).toBe(200);
  expect(catalog.json).toMatchObject({ entries: [{ type: 'application/mcp-server-card+json', url: `${RESOURCE}/server-card` }] });
});
