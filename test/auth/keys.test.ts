// The issuer's key set: a rotated-in key is accepted after one refresh, and an unknown kid
// refreshes the key set at most once per cooldown, counted at the real authorization server.
import { call, postMcp, RESOURCE, startOAuthStack, type OAuthStack } from './oauth-stack';

type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });

async function unknownKidToken(jose: Jose, issuer: string): Promise<string> {
  const { privateKey } = await jose.generateKeyPair('RS256');
  const now = Math.floor(Date.now() / 1000);
  return new jose.SignJWT({ iss: issuer, aud: RESOURCE, sub: 'u', exp: now + 600 }).setProtectedHeader({ alg: 'RS256', kid: `unknown-${now}-${Math.random()}` }).sign(privateKey);
}

describe('auth: key rotation (refresh allowed at once)', () => {
  let stack: OAuthStack;
  let jose: Jose;
  beforeAll(async () => {
    jose = await import('jose');
    stack = await startOAuthStack({ jwks: { cooldownMs: 0 } });
  });
  afterAll(() => stack.close());

  it('a token signed with a rotated-in key is accepted after one key-set refresh', async () => {
    expect((await postMcp(stack.url, call('hello'), await stack.token('before'))).status).toBe(200);
    expect(stack.as.count('/jwks')).toBe(1);
    await stack.as.rotateKeys();
    expect((await postMcp(stack.url, call('hello'), await stack.token('after'))).status).toBe(200);
    expect(stack.as.count('/jwks')).toBe(2);
    expect((await postMcp(stack.url, call('hello'), await stack.token('after-again'))).status).toBe(200);
    expect(stack.as.count('/jwks')).toBe(2);
  });

  it('an unknown kid costs exactly one refresh, then 401', async () => {
    const before = stack.as.count('/jwks');
    const response = await postMcp(stack.url, call('hello'), await unknownKidToken(jose, stack.as.issuer));
    expect(response.status).toBe(401);
    expect(stack.as.count('/jwks')).toBe(before + 1);
  });
});

describe('auth: unknown kids within the cooldown', () => {
  let stack: OAuthStack;
  let jose: Jose;
  beforeAll(async () => {
    jose = await import('jose');
    stack = await startOAuthStack(); // the default 30 s cooldown
  });
  afterAll(() => stack.close());

  it('a flood of unknown kids does not refetch the key set', async () => {
    expect((await postMcp(stack.url, call('hello'), await stack.token('first'))).status).toBe(200);
    expect(stack.as.count('/jwks')).toBe(1);
    for (let i = 0; i < 5; i += 1) {
      expect((await postMcp(stack.url, call('hello'), await unknownKidToken(jose, stack.as.issuer))).status).toBe(401);
    }
    expect(stack.as.count('/jwks')).toBe(1);
  });
});
