// The ID-JAG grant of the local authorization server (Enterprise-Managed Authorization): an assertion of the
// trusted enterprise IdP, for this server, this client and a resource it serves, gets a token for that user;
// every other one is refused with its OAuth error and one log line saying why, and no line holds the
// assertion or the user's subject.
import { JWT_BEARER_GRANT, startAuthorizationServer, type AuthorizationServer } from '../../auth-server';
import { subjectTagOf } from '../../src/auth';
import { createLogger } from '../../src/logger';
import { logSink, type LogSink } from '../support/log-sink';
import { startEnterpriseIdp, type EnterpriseIdpServer } from '../support/enterprise-idp';

const RESOURCE = 'http://127.0.0.1:9/mcp';
const USER = 'dana.enterprise-user';
const now = () => Math.floor(Date.now() / 1000);

describe('auth-server: the ID-JAG grant (RFC 7523 JWT bearer, Enterprise-Managed Authorization)', () => {
  let idp: EnterpriseIdpServer;
  let as: AuthorizationServer;
  let sink: LogSink;
  let next = 0;
  beforeAll(async () => {
    idp = await startEnterpriseIdp({});
    sink = logSink();
    as = await startAuthorizationServer({
      resources: { [RESOURCE]: { scopes: ['orders:read', 'orders:write'] } },
      enterprise: { issuer: idp.issuer, jwksUrl: idp.jwksUrl },
      log: createLogger({ level: 'info', destination: sink.stream }),
    });
  });
  afterAll(async () => {
    await as.close();
    await idp.close();
  });

  /** A good ID-JAG's claims for the assistant client, with `changes` applied. */
  const claims = (changes: Record<string, unknown> = {}) => ({
    iss: idp.issuer,
    sub: USER,
    aud: as.issuer,
    resource: RESOURCE,
    client_id: as.assistantClient.id,
    scope: 'orders:read',
    jti: `jti-${(next += 1)}`,
    iat: now(),
    exp: now() + 300,
    ...changes,
  });

  async function present(assertion: string, client = as.assistantClient): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(`${as.issuer}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  const lines = () => sink.text().split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  const lastRefusal = () => lines().filter((line) => line.msg === 'token request refused').at(-1);

  it('advertises the JWT bearer grant in grant_types_supported', async () => {
    const metadata = (await (await fetch(`${as.issuer}/.well-known/oauth-authorization-server`)).json()) as { grant_types_supported: string[] };
    expect(metadata.grant_types_supported).toContain(JWT_BEARER_GRANT);
  });

  it('issues a token for the resource, as the enterprise user, with the scopes the IdP granted', async () => {
    const answer = await present(await idp.sign(claims()));
    expect(answer).toMatchObject({ status: 200, body: { token_type: 'Bearer', scope: 'orders:read' } });
    expect(answer.body.issued_token_type).toBeUndefined();
    const payload = JSON.parse(Buffer.from(String(answer.body.access_token).split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(payload).toMatchObject({ iss: as.issuer, sub: USER, aud: RESOURCE, client_id: as.assistantClient.id, scope: 'orders:read' });
    expect(lines().find((line) => line.msg === 'ID-JAG accepted')).toMatchObject({ client: 'assistant', subjectTag: subjectTagOf(as.issuer, USER), resource: RESOURCE });
  });

  const refusals: Array<[string, () => Promise<string>, string, string]> = [
    ['a wrong audience', () => idp.sign(claims({ aud: 'https://other-as.example' })), 'invalid_grant', `audience: not this authorization server`],
    ['another client', () => idp.sign(claims({ client_id: 'someone-else' })), 'invalid_grant', 'client_id: not the authenticated client'],
    ['a resource this server does not serve', () => idp.sign(claims({ resource: 'https://elsewhere.example/mcp' })), 'invalid_target', 'resource: not a resource of this server'],
    ['an expired one', () => idp.sign(claims({ iat: now() - 900, exp: now() - 600 })), 'invalid_grant', 'expired (exp)'],
    ['another issuer', () => idp.sign(claims({ iss: 'https://not-the-idp.example' })), 'invalid_grant', 'issuer: not the enterprise IdP'],
    ['one without a jti', () => idp.sign(claims({ jti: undefined })), 'invalid_grant', 'claim jti: missing'],
    ['a bad signature (a key the IdP does not publish)', () => idp.sign(claims(), { unpublishedKey: true }), 'invalid_grant', 'signature does not verify'],
    ['the wrong typ (an ID token or access token of the same IdP)', () => idp.sign(claims(), { typ: 'JWT' }), 'invalid_grant', 'typ: not oauth-id-jag+jwt'],
    ['an unsigned one (alg none)', async () => unsigned(claims()), 'invalid_grant', 'unsigned or not an asymmetric signature'],
  ];

  it.each(refusals)('refuses %s with its OAuth error, and logs why', async (_case, make, error, reason) => {
    const assertion = await make();
    const answer = await present(assertion);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(error);
    expect(answer.body.access_token).toBeUndefined();
    expect(lastRefusal()).toMatchObject({ grant: JWT_BEARER_GRANT, client: 'assistant', oauthError: error, reason: expect.stringContaining(reason) });
    expect(sink.text()).not.toContain(assertion.split('.')[1]!);
  });

  it('refuses a replayed ID-JAG (its jti seen before, until it expires) with invalid_grant', async () => {
    const assertion = await idp.sign(claims());
    expect((await present(assertion)).status).toBe(200);
    const again = await present(assertion);
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(lastRefusal()).toMatchObject({ oauthError: 'invalid_grant', reason: 'replayed: jti seen before', subjectTag: subjectTagOf(as.issuer, USER) });
  });

  it('refuses a client not allowed the grant (invalid_request) and a wrong client secret (invalid_client), a line each', async () => {
    const assertion = await idp.sign(claims({ client_id: as.toolServerClient.id }));
    // oidc-provider answers a grant type outside the client's grant_types with invalid_request.
    expect(await present(assertion, as.toolServerClient)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(lastRefusal()).toMatchObject({ client: 'tool-server', oauthError: 'invalid_request', reason: 'requested grant type is not allowed for this client' });
    expect(await present(await idp.sign(claims()), { id: 'assistant', secret: 'not-the-secret' })).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(lastRefusal()).toMatchObject({ oauthError: 'invalid_client', reason: expect.any(String) });
  });

  it('no log line at any level holds an assertion, a token or the subject itself', () => {
    expect(sink.text()).not.toContain(USER);
    expect(sink.text()).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  });
});

/** An `alg: none` JWT (RFC 7519 §6): no signature at all. */
function unsigned(payload: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'oauth-id-jag+jwt' })}.${part(payload)}.`;
}
