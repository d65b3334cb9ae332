// `npm run auth-server`'s enterprise settings: the trusted IdP (AUTH_SERVER_ENTERPRISE_ISSUER, _JWKS_URL)
// and the machine client (AUTH_SERVER_M2M_CLIENT_ID, _SECRET, _SCOPES), checked at start with their names,
// said in the banner, and served: the JWT bearer grant advertised, the machine client's token for itself
// with its own scopes.
import { JWT_BEARER_GRANT } from '../../auth-server';
import { serveAuthServer, type RunningAuthServer } from '../../auth-server/serve';
import { readSettings } from '../../auth-server/settings';

const RESOURCE = 'http://127.0.0.1:3997/mcp';
const SECRET = 'reports-job-secret-0123456789abcdef';

describe('auth-server: enterprise settings', () => {
  it.each([
    [{ AUTH_SERVER_ENTERPRISE_ISSUER: 'https://acme.okta.com' }, 'AUTH_SERVER_ENTERPRISE_JWKS_URL must be set with AUTH_SERVER_ENTERPRISE_ISSUER'],
    [{ AUTH_SERVER_ENTERPRISE_ISSUER: 'acme', AUTH_SERVER_ENTERPRISE_JWKS_URL: 'https://acme.okta.com/keys' }, 'AUTH_SERVER_ENTERPRISE_ISSUER must be an http(s) URL (got "acme")'],
    [{ AUTH_SERVER_M2M_CLIENT_SECRET: SECRET }, 'AUTH_SERVER_M2M_CLIENT_ID must be set with AUTH_SERVER_M2M_CLIENT_SECRET'],
    [{ AUTH_SERVER_M2M_CLIENT_ID: 'job', AUTH_SERVER_M2M_CLIENT_SECRET: 'short' }, 'AUTH_SERVER_M2M_CLIENT_SECRET must be at least 32 characters (got 5)'],
    [{ AUTH_SERVER_M2M_CLIENT_ID: 'assistant', AUTH_SERVER_M2M_CLIENT_SECRET: SECRET }, 'AUTH_SERVER_M2M_CLIENT_ID may not be assistant, a built-in client'],
    [{ AUTH_SERVER_M2M_CLIENT_ID: 'job', AUTH_SERVER_M2M_CLIENT_SECRET: SECRET, AUTH_SERVER_M2M_SCOPES: 'orders:read admin' }, 'AUTH_SERVER_M2M_SCOPES: admin is not in AUTH_SERVER_SCOPES'],
    [{ AUTH_SERVER_M2M_SCOPES: 'orders:read' }, 'AUTH_SERVER_M2M_SCOPES needs AUTH_SERVER_M2M_CLIENT_ID and AUTH_SERVER_M2M_CLIENT_SECRET'],
  ])('refuses %j with a sentence naming the setting', (env, problem) => {
    expect(() => readSettings(env)).toThrow(problem);
  });

  it('never repeats the secret in a problem', () => {
    expect(() => readSettings({ AUTH_SERVER_M2M_CLIENT_ID: 'job', AUTH_SERVER_M2M_CLIENT_SECRET: 'tiny-secret' })).toThrow(/^(?!.*tiny-secret)/);
  });
});

describe('auth-server: serving the enterprise IdP and the machine client', () => {
  let running: RunningAuthServer;
  let banner = '';
  beforeAll(async () => {
    running = await serveAuthServer(
      {
        AUTH_SERVER_PORT: '0',
        AUTH_SERVER_RESOURCE: RESOURCE,
        AUTH_SERVER_DATA_DIR: 'memory',
        AUTH_SERVER_ENTERPRISE_ISSUER: 'https://acme.okta.com',
        AUTH_SERVER_ENTERPRISE_JWKS_URL: 'https://acme.okta.com/oauth2/v1/keys',
        AUTH_SERVER_M2M_CLIENT_ID: 'reports-job',
        AUTH_SERVER_M2M_CLIENT_SECRET: SECRET,
        AUTH_SERVER_M2M_SCOPES: 'orders:read',
      },
      { write: (chunk: string) => Boolean((banner += chunk)) },
    );
  });
  afterAll(() => running.close());

  it('says both in the banner', () => {
    expect(banner).toContain('ID-JAGs (Enterprise-Managed Authorization) of https://acme.okta.com are accepted from the "assistant" client (AUTH_SERVER_ENTERPRISE_ISSUER)');
    expect(banner).toContain('machine client "reports-job" signs in with client credentials, with no user, for at most "orders:read"');
    expect(banner).not.toContain(SECRET);
  });

  it('advertises the JWT bearer grant beside the others', async () => {
    const metadata = (await (await fetch(`${running.server.issuer}/.well-known/oauth-authorization-server`)).json()) as { grant_types_supported: string[] };
    expect(metadata.grant_types_supported).toEqual(['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:token-exchange', JWT_BEARER_GRANT]);
  });

  it('gives the machine client a token for itself with its own scopes at most, and refuses a wrong secret', async () => {
    const request = (secret: string) =>
      fetch(`${running.server.issuer}/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`reports-job:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', resource: RESOURCE, scope: 'orders:read orders:write' }),
      });
    const answer = (await (await request(SECRET)).json()) as { access_token: string; scope: string };
    expect(answer.scope).toBe('orders:read');
    expect(JSON.parse(Buffer.from(answer.access_token.split('.')[1]!, 'base64url').toString('utf8'))).toMatchObject({ sub: 'reports-job', client_id: 'reports-job', aud: RESOURCE, scope: 'orders:read' });
    const refused = await request('wrong-secret-0123456789abcdef0123456');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
    const line = banner.split('\n').filter((text) => text.startsWith('{')).map((text) => JSON.parse(text) as Record<string, unknown>).at(-1);
    expect(line).toMatchObject({ msg: 'token request refused', grant: 'client_credentials', client: 'reports-job', oauthError: 'invalid_client', reason: expect.any(String) });
    expect(banner).not.toContain('wrong-secret');
  });
});
