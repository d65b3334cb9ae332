// /mcp as an OAuth protected resource against the real test authorization server: metadata,
// the 401 challenge, a valid token's call, scope step-up, the cache of verified tokens, and what the log
// and the customer's API see.
import { call, list, postMcp, RESOURCE, startOAuthStack, type OAuthStack } from './oauth-stack';
import { subjectTagOf } from '../../src/auth';

describe('auth: /mcp as a protected resource', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack();
  });
  afterAll(() => stack.close());

  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])(
    'GET %s without a token returns the protected resource metadata as JSON',
    async (path) => {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({
        resource: RESOURCE,
        authorization_servers: [stack.as.issuer],
        scopes_supported: ['orders:read', 'orders:write'],
        bearer_methods_supported: ['header'],
        resource_name: 'OAuth test server',
      });
    },
  );

  it('metadata with another method returns 405 JSON', async () => {
    const response = await fetch(`${stack.url}/.well-known/oauth-protected-resource/mcp`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ error: 'method_not_allowed' });
  });

  it('POST /mcp without a token returns 401 with the path-aware metadata URL, every known scope to ask for, and no error code', async () => {
    const response = await postMcp(stack.url, list);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer resource_metadata="http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp", scope="orders:read orders:write"');
    expect(await response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('POST /mcp with a token in the query string only is refused as having none', async () => {
    const token = await stack.token('query-user', ['orders:read']);
    const response = await fetch(`${stack.url}/mcp?access_token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(list),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).not.toContain('invalid_token');
  });

  it('tools/list with a token without scopes lists every tool', async () => {
    const response = await postMcp(stack.url, list, await stack.token('lister'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { tools: Array<{ name: string }> } };
    expect(body.result.tools.map((tool) => tool.name)).toEqual(['hello', 'read_item', 'write_item']);
  });

  it('tools/call with the scopes runs, the API never sees the client token, and the log carries only the subject tag', async () => {
    const token = await stack.token('reader-1', ['orders:read']);
    const response = await postMcp(stack.url, call('read_item', { id: 'a1' }), token, { 'x-user-id': 'someone-else' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: { content: [{ type: 'text', text: '{"id":"a1"}' }] } });
    const seen = await stack.api.seen('/items/a1');
    expect(JSON.stringify(seen.headers)).not.toContain(token);
    const tag = subjectTagOf(stack.as.issuer, 'reader-1');
    const line = stack.logs().find((entry) => entry.msg === 'tool call' && entry.tool === 'read_item');
    expect(line).toMatchObject({ userId: tag, outcome: 'ok' });
    expect(stack.logText()).not.toContain(token);
    expect(stack.logText()).not.toContain('reader-1');
    expect(stack.logText()).not.toContain('someone-else');
  });

  it('tools/call without a scope the tool needs returns 403 insufficient_scope naming all its scopes, then runs with a stepped-up token', async () => {
    const narrow = await stack.token('writer-1', ['orders:read']);
    const refused = await postMcp(stack.url, call('write_item'), narrow);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(refused.headers.get('www-authenticate')).toContain('scope="orders:read orders:write"');
    expect(refused.headers.get('www-authenticate')).toContain('resource_metadata="http://127.0.0.1:9/.well-known/oauth-protected-resource/mcp"');
    expect(await refused.json()).toMatchObject({ error: 'insufficient_scope', scope: 'orders:read orders:write' });

    const wide = await stack.token('writer-1', ['orders:read', 'orders:write']);
    const allowed = await postMcp(stack.url, call('write_item'), wide);
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ result: { content: [{ type: 'text', text: 'written' }] } });
  });

  it('a 403 names the scopes the token already had (those this server knows) with those the call needs', async () => {
    // orders:write alone (plus a scope this server does not know) calling a tool that needs orders:read.
    const token = await stack.token('keeper-1', ['orders:write', 'api']);
    const refused = await postMcp(stack.url, call('read_item', { id: 'k1' }), token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="orders:read orders:write"');
    expect(await refused.json()).toMatchObject({ error: 'insufficient_scope', scope: 'orders:read orders:write', message: expect.stringContaining('needs the scopes orders:read:') });
  });

  it('a tool without scopes runs with any valid token; an unknown tool is -32601, not 403', async () => {
    const token = await stack.token('anyone');
    expect(await (await postMcp(stack.url, call('hello'), token)).json()).toMatchObject({ result: { content: [{ text: 'hello' }] } });
    expect(await (await postMcp(stack.url, call('nope'), token)).json()).toMatchObject({ error: { code: -32601 } });
  });

  it('a second call with the same token costs no request at the authorization server', async () => {
    const token = await stack.token('cached-user', ['orders:read']);
    await postMcp(stack.url, call('hello'), token);
    const served = stack.as.requests.length;
    for (let i = 0; i < 3; i += 1) expect((await postMcp(stack.url, call('hello', {}, i), token)).status).toBe(200);
    expect(stack.as.requests.length).toBe(served);
  });

  it('concurrent calls with the same token share one verification; the keys are fetched once in all', async () => {
    const token = await stack.token('burst-user');
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => postMcp(stack.url, call('hello', {}, i), token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(stack.as.count('/jwks')).toBe(1);
  });
});
