// The example API with the local authorization server's tokens: a token made for the API's
// audience is its user's (alice the manager, bob the viewer); the tool server's own client token may name
// the user in X-User-Subject, no other token may; a wrong audience or signature is refused; the demo tokens still work.
import { startAuthorizationServer, type AuthorizationServer } from '../auth-server';
import { startExampleApi, type RunningExampleApi } from './index';

const AUDIENCE = 'https://api.example.test';
const OTHER = 'http://127.0.0.1:9/mcp';

let as: AuthorizationServer;
let api: RunningExampleApi;
beforeAll(async () => {
  as = await startAuthorizationServer({
    resources: { [AUDIENCE]: { scopes: ['api'] }, [OTHER]: { scopes: ['orders:read'] } },
  });
  api = await startExampleApi({ oauth: { issuer: as.issuer, audience: AUDIENCE, clientId: as.toolServerClient.id } });
});
afterAll(async () => {
  await api.close();
  await as.close();
});

async function me(token: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${api.url}/users/me`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function clientToken(client = as.toolServerClient): Promise<string> {
  const response = await fetch(`${as.issuer}/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource: AUDIENCE }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('example API: an expired token of the local authorization server', () => {
  it('is refused 401 and the log says it expired, how long ago, without the token', async () => {
    const lines: Array<Record<string, unknown>> = [];
    // The API's clock two hours ahead: the one-hour token has expired an hour ago.
    const later = await startExampleApi({
      oauth: { issuer: as.issuer, audience: AUDIENCE, now: () => new Date(Date.now() + 2 * 3600_000) },
      logger: { info: (fields, msg) => lines.push({ ...fields, msg }) },
    });
    try {
      const token = await as.userToken({ subject: 'alice', resource: AUDIENCE });
      const response = await fetch(`${later.url}/users/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'unauthenticated', message: 'Bearer token refused: ERR_JWT_EXPIRED' });
      expect(lines).toEqual([expect.objectContaining({ msg: 'example API refused a request', status: 401, reason: expect.stringMatching(/^expired \d+ s ago$/) })]);
      const ago = Number(/(\d+) s ago/.exec(String(lines[0]?.reason))?.[1]);
      expect(ago).toBeGreaterThanOrEqual(3600 - 60); // an hour, less what the token's issue and this test took
      expect(ago).toBeLessThanOrEqual(3600 + 5);
      expect(JSON.stringify(lines)).not.toContain(token.split('.')[2]);
    } finally {
      await later.close();
    }
  });
});

describe('example API: tokens of the local authorization server', () => {
  it("maps alice's token to the manager and bob's to the viewer", async () => {
    expect(await me(await as.userToken({ subject: 'alice', resource: AUDIENCE }))).toEqual({
      status: 200,
      body: { userId: 'u-100', name: 'Demo Manager', role: 'manager', tenantId: 'acme', tenants: ['acme', 'globex'] },
    });
    expect((await me(await as.userToken({ subject: 'bob', resource: AUDIENCE }))).body).toMatchObject({ userId: 'u-200', role: 'viewer' });
  });

  it("never reads X-User-Subject beside a user's own token", async () => {
    const bob = await as.userToken({ subject: 'bob', resource: AUDIENCE });
    expect((await me(bob, { 'x-user-subject': 'alice' })).body).toMatchObject({ userId: 'u-200', role: 'viewer' });
  });

  it("trusts X-User-Subject beside the tool server's own client token, and refuses it without a user", async () => {
    const token = await clientToken();
    expect((await me(token, { 'x-user-subject': 'alice' })).body).toMatchObject({ userId: 'u-100', role: 'manager' });
    expect((await me(token, { 'x-user-subject': 'bob' })).body).toMatchObject({ userId: 'u-200' });
    expect(await me(token)).toEqual({ status: 401, body: { error: 'unauthenticated', message: "Bearer token refused: the tool server's client token names no user" } });
    expect((await me(token, { 'x-user-subject': 'mallory' })).status).toBe(401);
  });

  it("refuses another client's client token that names a user", async () => {
    const token = await clientToken(as.assistantClient);
    expect(await me(token, { 'x-user-subject': 'alice' })).toEqual({ status: 401, body: { error: 'unauthenticated', message: 'Bearer token refused: unknown user' } });
  });

  it('refuses a token for another audience, an unknown user, a forged signature', async () => {
    expect((await me(await as.userToken({ subject: 'alice', resource: OTHER }))).body).toMatchObject({ error: 'unauthenticated', message: expect.stringContaining('ERR_JWT_CLAIM_VALIDATION_FAILED') });
    expect((await me(await as.userToken({ subject: 'mallory', resource: AUDIENCE }))).body).toMatchObject({ message: 'Bearer token refused: unknown user' });
    const alice = await as.userToken({ subject: 'alice', resource: AUDIENCE });
    const [header, payload] = alice.split('.');
    expect((await me(`${header}.${payload}.${Buffer.from('forged').toString('base64url')}`)).body).toMatchObject({ message: expect.stringContaining('ERR_JWS_SIGNATURE_VERIFICATION_FAILED') });
  });

  it('still accepts the demo tokens, and refuses garbage', async () => {
    expect((await me('demo-viewer-token')).body).toMatchObject({ userId: 'u-200' });
    expect((await me('a.b.c')).status).toBe(401);
    expect((await me('nonsense')).body).toEqual({ error: 'unauthenticated', message: 'Missing or unknown bearer token' });
  });
});
