// No amplification: garbage bearer strings cannot make the tool server flood the identity
// provider. Counted at the real authorization server: 1,000 distinct garbage tokens from one address cost
// at most the caller's burst (20) plus 5 a second of introspection requests, the excess answered 429 with
// Retry-After; the same bad token again is refused from memory; another issuer's JWT never reaches
// introspection or the key set; and real users' tokens keep working throughout, also from another address.
import { createIntrospectionBudget } from '../../src/auth/introspection-budget';
import { call, OPAQUE_RESOURCE, postMcp, startOAuthStack, type OAuthStack } from './oauth-stack';

const INTROSPECTION = '/token/introspection';
const garbage = (i: number) => `garbage-${i}-${Math.random().toString(36).slice(2)}`;
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('auth: refused tokens do not amplify into introspection requests', () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({
      resources: { [OPAQUE_RESOURCE]: { scopes: ['orders:read', 'orders:write'], format: 'opaque' } },
      // Loopback is a trusted proxy here, so X-Forwarded-For names each test caller's address.
      env: { OAUTH_RESOURCE: OPAQUE_RESOURCE, LOG_LEVEL: 'info', TRUSTED_PROXIES: '127.0.0.1/32' },
    });
  });
  afterAll(() => stack.close());

  it('the same refused token sent again is refused from memory', async () => {
    const bad = garbage(0);
    const before = stack.as.count(INTROSPECTION);
    for (let i = 0; i < 20; i++) expect((await postMcp(stack.url, call('hello'), bad, from('198.51.100.1'))).status).toBe(401);
    expect(stack.as.count(INTROSPECTION) - before).toBe(1);
  });

  it("another issuer's JWT reaches neither introspection nor the key set", async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'elsewhere' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ iss: 'https://evil.example.test', aud: OPAQUE_RESOURCE, sub: 'x', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url');
    const before = { introspection: stack.as.count(INTROSPECTION), jwks: stack.as.count('/jwks') };
    for (let i = 0; i < 50; i++) {
      const forged = `${header}.${payload}.${Buffer.from(`sig-${i}`).toString('base64url')}`;
      expect((await postMcp(stack.url, call('hello'), forged, from('198.51.100.2'))).status).toBe(401);
    }
    expect({ introspection: stack.as.count(INTROSPECTION), jwks: stack.as.count('/jwks') }).toEqual(before);
  });

  it('1,000 distinct garbage tokens from one address: a bounded number of introspections; real users keep working', async () => {
    const alice = await stack.token('alice', ['orders:read'], OPAQUE_RESOURCE);
    expect((await postMcp(stack.url, call('read_item', { id: 'a0' }), alice, from('203.0.113.7'))).status).toBe(200);
    const before = stack.as.count(INTROSPECTION);
    const started = Date.now();
    const statuses = new Map<number, number>();
    let retryAfter: string | null = null;
    const userStatuses: number[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => postMcp(stack.url, call('hello'), garbage(batch * 50 + i + 1), from('198.51.100.66'))));
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status === 429) retryAfter = answer.headers.get('retry-after');
        await answer.body?.cancel();
      }
      // The user signed in before keeps working from the flooder's address too (a verified token is cached).
      userStatuses.push((await postMcp(stack.url, call('read_item', { id: `a${batch}` }), alice, from('198.51.100.66'))).status);
    }
    const seconds = (Date.now() - started) / 1000;
    const introspections = stack.as.count(INTROSPECTION) - before;
    expect(introspections).toBeLessThanOrEqual(20 + Math.ceil(5 * seconds));
    expect(statuses.get(401)).toBe(introspections);
    expect(statuses.get(429)).toBe(1000 - introspections);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(userStatuses.every((status) => status === 200)).toBe(true);

    // Someone else, with a new token, from their own address, right after the flood: introspected, served.
    const bob = await stack.token('bob', ['orders:read'], OPAQUE_RESOURCE);
    expect((await postMcp(stack.url, call('read_item', { id: 'b1' }), bob, from('203.0.113.8'))).status).toBe(200);
    // Said in the log, at info, without the tokens.
    expect(stack.logs()).toContainEqual(expect.objectContaining({ msg: 'invalid token refused', client: '198.51.100.66', reason: 'too many unknown tokens from this address: 429' }));
    process.stdout.write(`amplification: 1000 garbage tokens in ${seconds.toFixed(1)} s → ${introspections} introspection requests\n`);
  });
});

describe("auth: the whole server's introspection budget", () => {
  let stack: OAuthStack;
  beforeAll(async () => {
    stack = await startOAuthStack({
      resources: { [OPAQUE_RESOURCE]: { scopes: ['orders:read'], format: 'opaque' } },
      env: { OAUTH_RESOURCE: OPAQUE_RESOURCE, TRUSTED_PROXIES: '127.0.0.1/32' },
      // A second of budget at most: the test's calls take far less than the second it would take to refill one.
      introspection: { perSecond: 0.001, burst: 3 },
    });
  });
  afterAll(() => stack.close());

  it('spent by many addresses, unknown tokens get 401 unchecked (not 429: no caller is to blame); known ones still serve', async () => {
    const known = await stack.token('carol', ['orders:read'], OPAQUE_RESOURCE);
    expect((await postMcp(stack.url, call('read_item', { id: 'c1' }), known, from('203.0.113.9'))).status).toBe(200);
    const before = stack.as.count(INTROSPECTION);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await postMcp(stack.url, call('hello'), garbage(i), from(`198.51.100.${100 + i}`))).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect(stack.as.count(INTROSPECTION) - before).toBe(2);
    expect((await postMcp(stack.url, call('read_item', { id: 'c2' }), known, from('198.51.100.200'))).status).toBe(200);
    // A new, valid token waits for the budget like any other: 401, and the client retries after a refresh.
    const fresh = await stack.token('dave', ['orders:read'], OPAQUE_RESOURCE);
    expect((await postMcp(stack.url, call('read_item', { id: 'd1' }), fresh, from('203.0.113.10'))).status).toBe(401);
  });
});

describe('introspection budget: token buckets on an injected clock', () => {
  it('a caller gets its burst, then its rate, and a Retry-After; other callers keep theirs', () => {
    let clock = 0;
    const spend = createIntrospectionBudget({ perCallerPerSecond: 2, perCallerBurst: 3, perSecond: 100, burst: 100, now: () => clock });
    expect([1, 2, 3, 4].map(() => spend('a'))).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: false, limited: 'caller', retryAfterS: 1 }]);
    expect(spend('b')).toEqual({ ok: true });
    clock = 500; // half a second: one more for a
    expect([spend('a'), spend('a')]).toEqual([{ ok: true }, { ok: false, limited: 'caller', retryAfterS: 1 }]);
  });

  it('the whole server runs out before a caller does: limited "server"', () => {
    let clock = 0;
    const spend = createIntrospectionBudget({ perSecond: 1, burst: 2, now: () => clock });
    expect([spend('a'), spend('b'), spend('c')]).toEqual([{ ok: true }, { ok: true }, { ok: false, limited: 'server' }]);
    clock = 1000;
    expect(spend('c')).toEqual({ ok: true });
  });

  it('forgets the oldest caller past maxCallers', () => {
    const spend = createIntrospectionBudget({ perCallerPerSecond: 0.001, perCallerBurst: 1, maxCallers: 2, now: () => 0 });
    expect([spend('a'), spend('a'), spend('b'), spend('c'), spend('a')]).toEqual([{ ok: true }, expect.objectContaining({ ok: false }), { ok: true }, { ok: true }, { ok: true }]);
  });
});
