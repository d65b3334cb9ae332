// `npm run auth-server`: the banner gives the tool server's settings and the demo users; the
// sign-in page refuses a wrong password; the metadata advertises what the development server supports; the
// token lifetime is a setting; the password-less grant is on only on loopback, and the banner says which.
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DEMO_USERS } from '../../auth-server';
import { serveAuthServer, type RunningAuthServer } from '../../auth-server/serve';
import { runChild } from '../support/children';

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
    running = await serveAuthServer({ AUTH_SERVER_PORT: '0', AUTH_SERVER_RESOURCE: 'http://127.0.0.1:3999/mcp', AUTH_SERVER_TOKEN_TTL: '60', AUTH_SERVER_DATA_DIR: 'memory' }, out);
  });
  afterAll(() => running.close());

  it('prints the issuer, the tool server settings and the demo users', () => {
    const { issuer, toolServerClient } = running.server;
    expect(banner).toContain(`OAUTH_ISSUER=${issuer}`);
    expect(banner).toContain('OAUTH_RESOURCE=http://127.0.0.1:3999/mcp');
    expect(banner).toContain(`OAUTH_CLIENT_SECRET=${toolServerClient.secret}`);
    expect(banner).toContain(`${DEMO_USERS[0]!.login} / ${DEMO_USERS[0]!.password}`);
    expect(banner).toContain('access tokens live 60 s (AUTH_SERVER_TOKEN_TTL)');
    expect(banner).toContain(`the "assistant" client's password-less test grant is on: it mints a token for any user; loopback only (127.0.0.1)`);
  });

  it('issues access tokens that live AUTH_SERVER_TOKEN_TTL seconds', async () => {
    const token = await running.server.userToken({ subject: 'alice', resource: 'http://127.0.0.1:3999/mcp', scopes: ['orders:read'] });
    const { iat, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number };
    expect(exp - iat).toBe(60);
  });

  it('advertises registration, PKCE, refresh tokens, client credentials and token exchange', async () => {
    const metadata = (await (await fetch(`${running.server.issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      registration_endpoint: `${running.server.issuer}/reg`,
      code_challenge_methods_supported: ['S256'],
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

describe('auth-server: not on loopback', () => {
  let running: RunningAuthServer | undefined;
  afterAll(() => running?.close());

  it('turns the password-less grant off and says so', async () => {
    let banner = '';
    const out = { write: (chunk: string) => Boolean((banner += chunk)) };
    running = await serveAuthServer({ AUTH_SERVER_PORT: '0', AUTH_SERVER_HOST: '0.0.0.0', AUTH_SERVER_DATA_DIR: 'memory' }, out);
    expect(banner).toContain(`the "assistant" client's password-less test grant is off: 0.0.0.0 is not a loopback address`);
    await expect(running.server.userToken({ subject: 'alice', resource: 'http://127.0.0.1:3000/mcp' })).rejects.toThrow(/token request failed: 400 .*unauthorized_client|unsupported_grant_type/);
  });

  it('refuses a bad setting with its name', async () => {
    await expect(serveAuthServer({ AUTH_SERVER_TOKEN_TTL: 'soon', AUTH_SERVER_DATA_DIR: 'memory' }, { write: () => true })).rejects.toThrow('AUTH_SERVER_TOKEN_TTL must be an integer from 10 to 86400 (got "soon")');
  });
});

describe('auth-server: npm run auth-server -- --help', () => {
  it('prints every setting and exits', async () => {
    const { stdout, code } = await run(process.execPath, ['--import', 'tsx', 'auth-server/main.ts', '--help']);
    expect(code).toBe(0);
    for (const name of ['AUTH_SERVER_PORT', 'AUTH_SERVER_HOST', 'AUTH_SERVER_RESOURCE', 'AUTH_SERVER_SCOPES', 'AUTH_SERVER_API_AUDIENCE', 'AUTH_SERVER_TOKEN_TTL', 'AUTH_SERVER_CIMD', 'AUTH_SERVER_DATA_DIR', 'AUTH_SERVER_ENTERPRISE_ISSUER', 'AUTH_SERVER_ENTERPRISE_JWKS_URL', 'AUTH_SERVER_M2M_CLIENT_ID', 'AUTH_SERVER_M2M_CLIENT_SECRET']) {
      expect(stdout).toContain(name);
    }
    expect(stdout).toContain('password-less');
  });
});

const run = (command: string, args: string[]) => runChild(command, args, { cwd: join(__dirname, '..', '..'), env: { PATH: process.env.PATH } });
