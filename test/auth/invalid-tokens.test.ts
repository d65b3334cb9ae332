// Every way a bearer token can be bad: at /mcp against the real authorization server, and the
// claim checks of src/auth/jwt.ts with tokens signed here, where the authorization server cannot be made to
// issue them (another issuer, expired, not yet valid).
import { verifyJwt, CLOCK_TOLERANCE_S } from '../../src/auth/jwt';
import { startAuthorizationServer } from '../../auth-server';
import { API_AUDIENCE, call, postMcp, RESOURCE, startOAuthStack, type OAuthStack } from './oauth-stack';

type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
let jose: Jose;
const now = () => Math.floor(Date.now() / 1000);

async function signed(claims: Record<string, unknown>, header: Record<string, unknown>, alg = 'RS256'): Promise<string> {
  const { privateKey } = await jose.generateKeyPair(alg);
  return new jose.SignJWT(claims).setProtectedHeader({ alg, ...header }).sign(privateKey);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('auth: invalid tokens at POST /mcp', () => {
  let stack: OAuthStack;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    jose = await import('jose');
    stack = await startOAuthStack({ env: { METRICS_PORT: '0' } });
    claims = { iss: stack.as.issuer, aud: RESOURCE, sub: 'mallory', scope: 'orders:read orders:write', iat: now(), exp: now() + 600 };
  });
  afterAll(() => stack.close());

  const cases: Array<[string, () => Promise<string>]> = [
    ['signed with a key the server does not publish, under its own kid', () => signed(claims, { kid: stack.as.publicKeys()[0]!.kid })],
    ['signed with an unknown kid', () => signed(claims, { kid: 'no-such-key' })],
    ['HS256 keyed with the public key', async () => new jose.SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: stack.as.publicKeys()[0]!.kid }).sign(new TextEncoder().encode(JSON.stringify(stack.as.publicKeys()[0])))],
    ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
    ['issued for another audience', () => stack.as.userToken({ subject: 'mallory', resource: API_AUDIENCE, scopes: ['api'] })],
    ['from another authorization server', async () => {
      const other = await startAuthorizationServer({ resources: { [RESOURCE]: { scopes: ['orders:read'] } } });
      try {
        return await other.userToken({ subject: 'mallory', resource: RESOURCE, scopes: ['orders:read'] });
      } finally {
        await other.close();
      }
    }],
    ['opaque and unknown to the authorization server', async () => 'not-a-token-the-server-knows-0123456789'],
    ['malformed', async () => 'abc def'],
  ];

  it.each(cases)('a token %s gets 401 invalid_token, never echoed, and nothing reaches the API', async (_label, make) => {
    const token = await make();
    const before = stack.api.requests.length;
    const response = await postMcp(stack.url, call('read_item', { id: 'x' }), token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", .*resource_metadata="http:\/\/127\.0\.0\.1:9\/\.well-known\/oauth-protected-resource\/mcp"$/);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: 'invalid_token' });
    expect(text).not.toContain(token);
    expect(stack.api.requests.length).toBe(before);
    expect(stack.logText()).not.toContain(token);
  });

  it('refusals are counted by reason in mcp_refused_requests_total', async () => {
    const token = await stack.token('counted', ['orders:read']);
    await postMcp(stack.url, call('write_item'), token);
    const metrics = await (await fetch(`${stack.server.metricsUrl}/metrics`)).text();
    expect(Number(/mcp_refused_requests_total\{reason="invalid_token"\} (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(cases.length);
    expect(metrics).toMatch(/mcp_refused_requests_total\{reason="insufficient_scope"\} 1\b/);
  });
});

describe('auth: the claim checks of a JWT access token', () => {
  const ISSUER = 'https://as.example.test';
  let keys: Parameters<typeof verifyJwt>[2];
  let privateKey: Awaited<ReturnType<Jose['generateKeyPair']>>['privateKey'];
  const sign = (claims: Record<string, unknown>) => new jose.SignJWT({ sub: 'user-1', ...claims }).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).sign(privateKey);
  const verify = async (token: string) => verifyJwt(token, 'key', keys, ISSUER, [RESOURCE]);

  beforeAll(async () => {
    jose = await import('jose');
    const pair = await jose.generateKeyPair('ES256');
    privateKey = pair.privateKey;
    keys = jose.createLocalJWKSet({ keys: [{ ...(await jose.exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' }] });
  });

  it('a token with the right issuer, audience and times is accepted with its scopes', async () => {
    const verdict = await verify(await sign({ iss: ISSUER, aud: [RESOURCE, 'other'], exp: now() + 60, scope: 'a b' }));
    expect(verdict).toMatchObject({ ok: true, principal: { subject: 'user-1', scopes: new Set(['a', 'b']) } });
  });

  it.each([
    ['another issuer', { iss: 'https://evil.example.test', aud: RESOURCE, exp: now() + 60 }, `issuer: not ${'https://as.example.test'}`],
    ['another audience', { iss: ISSUER, aud: 'https://other.example.test/mcp', exp: now() + 60 }, `audience: does not include ${RESOURCE}`],
    ['no audience', { iss: ISSUER, exp: now() + 60 }, `audience: does not include ${RESOURCE}`],
    ['an expiry past the leeway', { iss: ISSUER, aud: RESOURCE, exp: now() - CLOCK_TOLERANCE_S - 5 }, /^expired \d+ s ago$/],
    ['a not-before past the leeway', { iss: ISSUER, aud: RESOURCE, nbf: now() + CLOCK_TOLERANCE_S + 30, exp: now() + 600 }, /^not valid for another \d+ s \(nbf\)$/],
    ['no subject', { iss: ISSUER, aud: RESOURCE, exp: now() + 60, sub: undefined }, 'claim sub: missing'],
  ])('a token with %s is invalid, saying which check failed', async (_label, claims, reason) => {
    expect(await verify(await sign(claims))).toMatchObject({ ok: false, kind: 'invalid', reason: typeof reason === 'string' ? reason : expect.stringMatching(reason) });
  });

  it('an unknown kid and a refused algorithm are named from the header', async () => {
    const unknownKid = await new jose.SignJWT({ sub: 'u', iss: ISSUER, aud: RESOURCE, exp: now() + 60 }).setProtectedHeader({ alg: 'ES256', kid: 'rotated-away' }).sign(privateKey);
    expect(await verify(unknownKid)).toMatchObject({ ok: false, reason: 'unknown kid "rotated-away": not in the issuer\'s key set' });
    const hmac = await new jose.SignJWT({ sub: 'u', iss: ISSUER, aud: RESOURCE, exp: now() + 60 }).setProtectedHeader({ alg: 'HS256', kid: 'k1' }).sign(new Uint8Array(32));
    expect(await verify(hmac)).toMatchObject({ ok: false, reason: 'algorithm "HS256" not allowed (asymmetric algorithms only)' });
  });

  it('a token a few seconds past its expiry is refused, saying by how much (the exchange would refuse it: no leeway on exp)', async () => {
    // The seconds are read at the check, so a loaded machine may add a few between signing and verifying:
    // the figure must lie between 5 and 5 plus the seconds this test took, never below.
    const signedAt = now();
    const verdict = await verify(await sign({ iss: ISSUER, aud: RESOURCE, exp: signedAt - 5 }));
    const took = now() - signedAt;
    expect(verdict).toMatchObject({ ok: false, kind: 'invalid', reason: expect.stringMatching(/^expired \d+ s ago$/) });
    const seconds = Number(/(\d+)/.exec((verdict as { reason: string }).reason)![1]);
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(seconds).toBeLessThanOrEqual(5 + took + 1);
  });

  it('a not-before within the leeway is still accepted (clock skew)', async () => {
    expect(await verify(await sign({ iss: ISSUER, aud: RESOURCE, nbf: now() + 10, exp: now() + 60 }))).toMatchObject({ ok: true });
  });
});
