// The test authorization server itself: what the OAuth tests rely on.
import { startAuthorizationServer, TOKEN_EXCHANGE_GRANT, type AuthorizationServer } from '../../auth-server';

const MCP = 'http://127.0.0.1:3000/mcp';
const API = 'https://api.example.test';

async function form(server: AuthorizationServer, path: string, client: { id: string; secret: string }, body: Record<string, string>) {
  const response = await fetch(`${server.issuer}${path}`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('the test authorization server', () => {
  let server: AuthorizationServer;
  beforeAll(async () => {
    server = await startAuthorizationServer({
      resources: { [MCP]: { scopes: ['orders:read', 'orders:write'] }, [API]: { scopes: ['api'], ttlSeconds: 600 }, 'urn:opaque': { scopes: ['x'], format: 'opaque' } },
    });
  });
  afterAll(() => server.close());

  it('serves its metadata at both well-known paths', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const metadata = (await (await fetch(`${server.issuer}${path}`)).json()) as Record<string, unknown>;
      expect(metadata.issuer).toBe(server.issuer);
      expect(metadata.jwks_uri).toBe(`${server.issuer}/jwks`);
      expect(metadata.grant_types_supported).toContain(TOKEN_EXCHANGE_GRANT);
    }
  });

  it('issues a user JWT for a resource with the scopes asked for', async () => {
    const token = await server.userToken({ subject: 'user-1', resource: MCP, scopes: ['orders:read', 'unknown'] });
    expect(claims(token)).toMatchObject({ iss: server.issuer, sub: 'user-1', aud: MCP, scope: 'orders:read' });
  });

  it('exchanges a user token for a token for the API (RFC 8693), and refuses a revoked subject', async () => {
    const token = await server.userToken({ subject: 'user-2', resource: MCP, scopes: ['orders:read'] });
    const exchanged = await form(server, '/token', server.toolServerClient, {
      grant_type: TOKEN_EXCHANGE_GRANT, subject_token: token, subject_token_type: 'urn:ietf:params:oauth:token-type:access_token', audience: API, resource: API, scope: 'api',
    });
    expect(exchanged.status).toBe(200);
    expect(claims(exchanged.body.access_token as string)).toMatchObject({ sub: 'user-2', aud: API });
    expect(server.grants).toContain(TOKEN_EXCHANGE_GRANT);
    server.revokeSubject('user-2');
    const refused = await form(server, '/token', server.toolServerClient, {
      grant_type: TOKEN_EXCHANGE_GRANT, subject_token: token, subject_token_type: 'urn:ietf:params:oauth:token-type:access_token', resource: API,
    });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });

  it('gives the tool server a client-credentials token for the API', async () => {
    const answer = await form(server, '/token', server.toolServerClient, { grant_type: 'client_credentials', resource: API, scope: 'api' });
    expect(answer.status).toBe(200);
    expect(claims(answer.body.access_token as string)).toMatchObject({ aud: API, client_id: 'tool-server' });
  });

  it('introspects an opaque token', async () => {
    const token = await server.userToken({ subject: 'user-3', resource: 'urn:opaque', scopes: ['x'] });
    expect(token.split('.')).toHaveLength(1);
    const answer = await form(server, '/token/introspection', server.toolServerClient, { token });
    expect(answer.body).toMatchObject({ active: true, sub: 'user-3', aud: 'urn:opaque', scope: 'x' });
  });

  it('rotates its keys: new tokens carry the new kid, both keys stay published', async () => {
    const before = server.publicKeys()[0]!.kid;
    await server.rotateKeys();
    const token = await server.userToken({ subject: 'user-4', resource: MCP });
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { kid: string };
    expect(header.kid).not.toBe(before);
    const jwks = (await (await fetch(`${server.issuer}/jwks`)).json()) as { keys: { kid: string; d?: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual([header.kid, before]);
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
  });

  it('stops and starts on the same issuer', async () => {
    await server.stop();
    await expect(fetch(`${server.issuer}/jwks`)).rejects.toThrow();
    await server.start();
    expect((await fetch(`${server.issuer}/jwks`)).status).toBe(200);
  });
});
