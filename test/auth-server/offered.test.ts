// What `npm run auth-server` offers MCP clients (they ask for every scope listed, and prefer Client ID
// Metadata Documents whenever advertised), and what they get: a refresh token for offline_access without
// prompt=consent (Codex and Gemini CLI never send `prompt`).
import { serveAuthServer, type RunningAuthServer } from '../../auth-server/serve';
import { register, signInWithoutPrompt, tokenRequest } from './code-flow';

const RESOURCE = 'http://127.0.0.1:3998/mcp';
const quiet = { write: () => true };
const metadataOf = async (issuer: string) => (await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;

describe('auth-server: what MCP clients are offered', () => {
  let running: RunningAuthServer;
  beforeAll(async () => {
    running = await serveAuthServer({ AUTH_SERVER_PORT: '0', AUTH_SERVER_RESOURCE: RESOURCE, AUTH_SERVER_DATA_DIR: 'memory' }, quiet);
  });
  afterAll(() => running.close());

  it('advertises no Client ID Metadata Documents by default, so clients that prefer them register dynamically (offline too)', async () => {
    const metadata = await metadataOf(running.server.issuer);
    expect(metadata.client_id_metadata_document_supported).toBeUndefined();
    expect(metadata.registration_endpoint).toBe(`${running.server.issuer}/reg`);
  });

  it("offers the resource's scopes and offline_access only: no api, no openid, no implicit grant, no test grant", async () => {
    const metadata = await metadataOf(running.server.issuer);
    expect(metadata.scopes_supported).toEqual(['orders:read', 'orders:write', 'offline_access']);
    expect(metadata.grant_types_supported).toEqual(['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:token-exchange']);
    expect(metadata.response_types_supported).toEqual(['code']);
    const oidc = (await (await fetch(`${running.server.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(oidc.scopes_supported).toEqual(metadata.scopes_supported);
  });

  it('issues a refresh token for offline_access to a client that sends no prompt, and the refresh works', async () => {
    const { issuer } = running.server;
    const client = await register(issuer);
    const tokens = await signInWithoutPrompt(issuer, client, RESOURCE, 'orders:read orders:write offline_access');
    expect(tokens).toMatchObject({ status: 200, access_token: expect.any(String), refresh_token: expect.any(String) });
    const refreshed = await tokenRequest(issuer, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string, client_id: client.client_id, resource: RESOURCE });
    expect(refreshed).toMatchObject({ status: 200, access_token: expect.any(String) });
  });

  it('issues no refresh token when offline_access is not asked for', async () => {
    const { issuer } = running.server;
    const tokens = await signInWithoutPrompt(issuer, await register(issuer), RESOURCE, 'orders:read');
    expect(tokens).toMatchObject({ status: 200, access_token: expect.any(String) });
    expect(tokens.refresh_token).toBeUndefined();
  });
});

describe('auth-server: AUTH_SERVER_CIMD=on', () => {
  it('advertises Client ID Metadata Documents', async () => {
    const running = await serveAuthServer({ AUTH_SERVER_PORT: '0', AUTH_SERVER_CIMD: 'on', AUTH_SERVER_DATA_DIR: 'memory' }, quiet);
    try {
      expect(await metadataOf(running.server.issuer)).toMatchObject({ client_id_metadata_document_supported: true });
    } finally {
      await running.close();
    }
  });

  it('refuses any other value with its name', async () => {
    await expect(serveAuthServer({ AUTH_SERVER_CIMD: 'yes', AUTH_SERVER_DATA_DIR: 'memory' }, quiet)).rejects.toThrow('AUTH_SERVER_CIMD must be on or off (got "yes")');
  });
});
