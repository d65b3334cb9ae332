// The OAuth settings: validated with the rest of the configuration, every problem at once,
// the client secret never echoed; MCP_AUTH=headers (the default) makes no auth part.
import { ConfigError, loadConfig } from '../../src/config';

const OAUTH = {
  MCP_AUTH: 'oauth',
  OAUTH_ISSUER: 'https://auth.example.com/realms/acme',
  OAUTH_RESOURCE: 'https://tools.example.com/mcp',
  OAUTH_CLIENT_ID: 'tool-server',
  OAUTH_CLIENT_SECRET: 'very-secret-value-0123456789',
  UPSTREAM_AUTH: 'token-exchange',
  UPSTREAM_AUDIENCE: 'https://api.example.com',
};

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('auth settings', () => {
  it('MCP_AUTH unset is headers: no auth part', () => {
    expect(loadConfig({}).auth).toBeUndefined();
  });

  it('MCP_AUTH=oauth with every setting gives the typed auth part', () => {
    expect(loadConfig(OAUTH).auth).toEqual({
      issuer: OAUTH.OAUTH_ISSUER,
      resource: OAUTH.OAUTH_RESOURCE,
      resourceAliases: [],
      client: { id: 'tool-server', secret: OAUTH.OAUTH_CLIENT_SECRET },
      upstream: { mode: 'token-exchange', audience: OAUTH.UPSTREAM_AUDIENCE, userHeader: 'x-user-subject' },
      allowInsecureRequests: true,
    });
  });

  it("UPSTREAM_AUTH takes on-behalf-of (Entra ID) beside token-exchange and client-credentials, and nothing else", () => {
    expect(loadConfig({ ...OAUTH, UPSTREAM_AUTH: 'on-behalf-of', UPSTREAM_AUDIENCE: 'api://orders-api' }).auth?.upstream).toMatchObject({ mode: 'on-behalf-of', audience: 'api://orders-api' });
    expect(problemsOf({ ...OAUTH, UPSTREAM_AUTH: 'obo' })).toEqual([expect.stringMatching(/^UPSTREAM_AUTH: .*on-behalf-of/)]);
  });

  it('OAUTH_RESOURCE_ALIASES: a loopback resource has its loopback names by default; a list replaces them; none removes them', () => {
    const loopback = { ...OAUTH, OAUTH_RESOURCE: 'http://127.0.0.1:3000/mcp' };
    expect(loadConfig(loopback).auth?.resourceAliases).toEqual(['http://localhost:3000/mcp', 'http://[::1]:3000/mcp']);
    expect(loadConfig({ ...loopback, OAUTH_RESOURCE_ALIASES: 'none' }).auth?.resourceAliases).toEqual([]);
    expect(loadConfig({ ...OAUTH, OAUTH_RESOURCE_ALIASES: 'https://mcp.example.com/mcp, https://tools.example.com/mcp' }).auth?.resourceAliases).toEqual(['https://mcp.example.com/mcp']);
    expect(problemsOf({ ...OAUTH, OAUTH_RESOURCE_ALIASES: 'tools.example.com' })).toEqual([expect.stringMatching(/^OAUTH_RESOURCE_ALIASES: must be none, or http\(s\) URLs/)]);
    expect(problemsOf({ OAUTH_RESOURCE_ALIASES: 'none' })).toEqual([expect.stringContaining('OAUTH_RESOURCE_ALIASES is set')]);
  });

  it('OAUTH_CHALLENGE_SCOPE and UPSTREAM_SCOPE are scope lists; a quote or a backslash is a problem; both need oauth', () => {
    expect(loadConfig({ ...OAUTH, OAUTH_CHALLENGE_SCOPE: 'orders:read  offline_access', UPSTREAM_SCOPE: 'orders.read' }).auth).toMatchObject({
      challengeScope: ['orders:read', 'offline_access'],
      upstreamScope: 'orders.read',
    });
    expect(problemsOf({ ...OAUTH, OAUTH_CHALLENGE_SCOPE: 'a "b"', UPSTREAM_SCOPE: 'a\\b' })).toEqual([
      expect.stringMatching(/^OAUTH_CHALLENGE_SCOPE: must be scope names separated by spaces/),
      expect.stringMatching(/^UPSTREAM_SCOPE: /),
    ]);
    expect(problemsOf({ UPSTREAM_SCOPE: 'x' })).toEqual([expect.stringContaining('UPSTREAM_SCOPE is set')]);
  });

  it('MCP_AUTH=oauth alone names every missing setting in one message', () => {
    expect(problemsOf({ MCP_AUTH: 'oauth' })).toEqual([
      'MCP_AUTH: oauth needs OAUTH_ISSUER, OAUTH_RESOURCE, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, UPSTREAM_AUTH, UPSTREAM_AUDIENCE',
    ]);
  });

  it('OAuth settings with MCP_AUTH=headers are a problem, not silently ignored', () => {
    expect(problemsOf({ OAUTH_ISSUER: OAUTH.OAUTH_ISSUER })).toEqual([expect.stringContaining('MCP_AUTH: is headers')]);
  });

  it('production refuses http:// issuer and resource; bad values are each reported; the secret is never echoed', () => {
    const problems = problemsOf({
      ...OAUTH,
      NODE_ENV: 'production',
      CUSTOMER_API_URL: 'https://api.example.com',
      HUB_SECRETS: 'hub-secret-0123456789abcdef',
      ALLOWED_HOSTS: 'tools.example.com',
      OAUTH_ISSUER: 'http://auth.example.com',
      OAUTH_RESOURCE: 'http://tools.example.com/mcp',
      UPSTREAM_AUTH: 'forward',
      UPSTREAM_USER_HEADER: 'Authorization',
    });
    expect(problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^UPSTREAM_AUTH: /), expect.stringMatching(/^UPSTREAM_USER_HEADER: may not be a header/)]),
    );
    const withValidEnums = problemsOf({ ...OAUTH, NODE_ENV: 'production', CUSTOMER_API_URL: 'https://api.example.com', HUB_SECRETS: 'hub-secret-0123456789abcdef', ALLOWED_HOSTS: 'tools.example.com', OAUTH_ISSUER: 'http://auth.example.com', OAUTH_RESOURCE: 'http://tools.example.com/mcp' });
    expect(withValidEnums).toEqual([
      'OAUTH_ISSUER: must be an https:// URL when NODE_ENV=production',
      'OAUTH_RESOURCE: must be an https:// URL when NODE_ENV=production',
    ]);
    expect(loadConfig({ ...OAUTH, NODE_ENV: 'production', CUSTOMER_API_URL: 'https://api.example.com', HUB_SECRETS: 'hub-secret-0123456789abcdef', ALLOWED_HOSTS: 'tools.example.com' }).auth?.allowInsecureRequests).toBe(false);
    expect(JSON.stringify(problems)).not.toContain(OAUTH.OAUTH_CLIENT_SECRET);
  });

  it('UPSTREAM_USER_HEADER may be neither the hub secret header nor a forwarded one', () => {
    expect(problemsOf({ ...OAUTH, UPSTREAM_USER_HEADER: 'X-Hub-Secret' })).toEqual(["UPSTREAM_USER_HEADER: may not be the hub's secret header"]);
    expect(problemsOf({ ...OAUTH, UPSTREAM_USER_HEADER: 'x-acting-user', FORWARD_HEADERS: 'x-acting-user' })).toEqual([
      'UPSTREAM_USER_HEADER: may not be one of FORWARD_HEADERS (a client could set it)',
    ]);
    expect(problemsOf({ ...OAUTH, UPSTREAM_USER_HEADER: 'not a header' })).toEqual([expect.stringMatching(/^UPSTREAM_USER_HEADER: must be an HTTP header name/)]);
  });
});
