// `npm run auth-server` (issue 25): the banner gives the tool server's settings and the demo users; the
// sign-in page refuses a wrong password; the metadata advertises what the development server supports.
import { Writable } from 'node:stream';
import { DEMO_USERS } from '../../auth-server';
import { serveAuthServer, type RunningAuthServer } from '../../auth-server/serve';

describe('auth-server: serveAuthServer', () => {
  let running: RunningAuthServer;
  let banner = '';
  beforeAll(async () => {
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        banner += chunk.toString('utf8');
        done();
      },
    });
    running = await serveAuthServer({ AUTH_SERVER_PORT: '0', AUTH_SERVER_RESOURCE: 'http://127.0.0.1:3999/mcp' }, out);
  });
  afterAll(() => running.close());

  it('prints the issuer, the tool server settings and the demo users', () => {
    const { issuer, toolServerClient } = running.server;
    expect(banner).toContain(`OAUTH_ISSUER=${issuer}`);
    expect(banner).toContain('OAUTH_RESOURCE=http://127.0.0.1:3999/mcp');
    expect(banner).toContain(`OAUTH_CLIENT_SECRET=${toolServerClient.secret}`);
    expect(banner).toContain(`${DEMO_USERS[0]!.login} / ${DEMO_USERS[0]!.password}`);
  });

  it('advertises registration, PKCE, refresh tokens, client credentials, token exchange and client id metadata documents', async () => {
    const metadata = (await (await fetch(`${running.server.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      registration_endpoint: `${running.server.issuer}/reg`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:token-exchange']),
    );
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['orders:read', 'orders:write', 'offline_access']));
  });

  it('the sign-in page refuses a wrong password and names no user in the error', async () => {
    const issuer = running.server.issuer;
    const registered = (await (
      await fetch(`${issuer}/reg`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/cb'], token_endpoint_auth_method: 'none', client_name: 'page test' }),
      })
    ).json()) as { client_id: string };
    const query = new URLSearchParams({ client_id: registered.client_id, response_type: 'code', redirect_uri: 'http://127.0.0.1:9/cb', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256', scope: 'orders:read', resource: 'http://127.0.0.1:3999/mcp' });
    const start = await fetch(`${issuer}/auth?${query}`, { redirect: 'manual' });
    const cookie = start.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const page = await fetch(new URL(start.headers.get('location')!, issuer), { headers: { cookie } });
    const html = await page.text();
    expect(html).toContain('Sign in to page test');
    const action = /action="([^"]+)"/.exec(html)![1]!;
    const refused = await fetch(new URL(action, issuer), { method: 'POST', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ login: 'alice', password: 'wrong' }) });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain('Unknown login or wrong password.');
  });
});
