// The authorization server's metadata: found at either well-known path, and a server that
// starts while the authorization server is down answers 503 until it is back, then serves.
import { call, postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';

describe.each([
  ['only /.well-known/oauth-authorization-server', 'oauth' as const],
  ['only /.well-known/openid-configuration', 'oidc' as const],
])('auth: discovery from an authorization server serving %s', (_label, metadata) => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ metadata });
  });
  afterAll(() => stack.close());

  it('discovers the keys and serves a call', async () => {
    expect(stack.discovery.current()).toMatchObject({ issuer: stack.as.issuer, jwks_uri: `${stack.as.issuer}/jwks` });
    expect((await postMcp(stack.url, call('hello'), await stack.token('user'))).status).toBe(200);
  });
});

describe('auth: the authorization server down at start', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({ asDown: true });
  });
  afterAll(() => stack.close());

  it('the server starts, /mcp answers 503 JSON with Retry-After, the metadata is served, and calls work once it is back', async () => {
    const refused = await postMcp(stack.url, call('hello'), 'a.b.c');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await fetch(`${stack.url}/.well-known/oauth-protected-resource/mcp`)).status).toBe(200);
    expect(stack.logs().some((line) => line.level === 50 && String(line.msg).includes('503'))).toBe(true);

    await stack.as.start();
    await stack.discovery.ready();
    expect((await postMcp(stack.url, call('hello'), await stack.token('back'))).status).toBe(200);
  });

  it('a verified token keeps working while the authorization server is down again; a new opaque one gets 503', async () => {
    const token = await stack.token('steady');
    expect((await postMcp(stack.url, call('hello'), token)).status).toBe(200);
    await stack.as.stop();
    expect((await postMcp(stack.url, call('hello'), token)).status).toBe(200);
    expect((await postMcp(stack.url, call('hello'), 'opaque-token-while-down-0123456789')).status).toBe(503);
    await stack.as.start();
  });
});
