// Both upstream modes end to end: a real client token on POST /mcp, verified at the edge, and
// what the customer's API receives: a token made for it (exchanged, or the server's own with the subject),
// never the client's; the failures of the exchange as the tool results a user reads.
import { TOKEN_EXCHANGE_GRANT } from '../../auth-server';
import { API_AUDIENCE, call, postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

const bearer = (value: unknown) => String(value).replace(/^Bearer /, '');

async function result(response: Response): Promise<{ isError?: boolean; content: Array<{ text: string }> }> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } }).result;
}

describe('POST /mcp tools/call with UPSTREAM_AUTH=token-exchange', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { UPSTREAM_AUTH: 'token-exchange' } });
  });
  afterAll(() => stack.close());

  it("the customer's API receives the exchanged token, never the client's token or cookie", async () => {
    const token = await stack.token('mcp-user-1', ['orders:read']);
    const answer = await result(await postMcp(stack.url, call('read_item', { id: 'e1' }), token, { cookie: 'session=abc', 'x-tenant-id': 'acme' }));
    expect(answer.isError).toBeUndefined();
    const seen = await stack.api.seen('/items/e1');
    const sent = bearer(seen.headers.authorization);
    expect(sent).not.toBe(token);
    expect(claims(sent)).toMatchObject({ sub: 'mcp-user-1', aud: API_AUDIENCE });
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-tenant-id']).toBe('acme');
    expect(JSON.stringify(seen.headers)).not.toContain(token);
  });

  it('concurrent calls with one token make one exchange', async () => {
    const token = await stack.token('mcp-user-2', ['orders:read']);
    const before = stack.as.grants.filter((grant) => grant === TOKEN_EXCHANGE_GRANT).length;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => postMcp(stack.url, call('read_item', { id: `m${i}` }, i), token).then(result)));
    expect(answers.filter((answer) => answer.isError === true)).toEqual([]);
    expect(stack.as.grants.filter((grant) => grant === TOKEN_EXCHANGE_GRANT).length - before).toBe(1);
  });

  it('a token the authorization server refuses to exchange since it was verified gets HTTP 401 invalid_token, so the client refreshes it', async () => {
    const token = await stack.token('mcp-revoked', ['orders:read']);
    stack.as.revokeSubject('mcp-revoked');
    const response = await postMcp(stack.url, call('read_item', { id: 'r1' }), token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", /);
    expect(await response.json()).toMatchObject({ error: 'invalid_token' });
    expect(stack.api.requests.some((request) => request.path === '/items/r1')).toBe(false);
  });

  it('the authorization server down: a cached exchange still serves, a new token gets the retry result', async () => {
    const known = await stack.token('mcp-user-3', ['orders:read']);
    await result(await postMcp(stack.url, call('hello'), known)); // verified, and its exchange cached
    const fresh = await stack.token('mcp-user-5', ['orders:read']); // verified later from the cached keys
    await stack.as.stop();
    try {
      expect((await result(await postMcp(stack.url, call('read_item', { id: 'd1' }), known))).isError).toBeUndefined();
      const answer = await result(await postMcp(stack.url, call('read_item', { id: 'd2' }), fresh));
      expect(answer.isError).toBe(true);
      expect(answer.content[0]!.text).toMatch(/try again in a moment/);
      expect(stack.api.requests.some((request) => request.path === '/items/d2')).toBe(false);
      expect(stack.logs().find((line) => line.msg === 'authorization server unavailable')).toMatchObject({ level: 40, problem: 'network' });
    } finally {
      await stack.as.start();
    }
  });
});

describe('POST /mcp tools/call with UPSTREAM_AUTH=client-credentials', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ env: { UPSTREAM_AUTH: 'client-credentials', UPSTREAM_USER_HEADER: 'X-Acting-User' } });
  });
  afterAll(() => stack.close());

  it("the customer's API receives the server's own token and the verified subject, never the client's token", async () => {
    const token = await stack.token('mcp-user-4', ['orders:read']);
    const answer = await result(await postMcp(stack.url, call('read_item', { id: 'c1' }), token, { 'x-acting-user': 'forged-user' }));
    expect(answer.isError).toBeUndefined();
    const seen = await stack.api.seen('/items/c1');
    const sent = bearer(seen.headers.authorization);
    expect(sent).not.toBe(token);
    expect(claims(sent)).toMatchObject({ aud: API_AUDIENCE, client_id: stack.as.toolServerClient.id });
    expect(seen.headers['x-acting-user']).toBe('mcp-user-4');
    expect(JSON.stringify(seen.headers)).not.toContain(token);
    expect(stack.logText()).not.toContain(sent);
  });
});
