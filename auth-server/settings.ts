// The settings of `npm run auth-server` (issue 35): read from the environment, checked, and described for
// --help. A development server: every setting has a default that works with the tool server's defaults.

export interface AuthServerSettings {
  port: number;
  host: string;
  /** The tool server's /mcp (its OAUTH_RESOURCE): the resource its users' tokens are for. */
  resource: string;
  scopes: string[];
  /** The customer API's audience (the tool server's UPSTREAM_AUDIENCE): exchanged and client tokens are for it. */
  apiAudience: string;
  /** Access tokens' lifetime in seconds. */
  tokenTtlSeconds: number;
  /** The password-less grant of the `assistant` client: on only when the server listens on loopback. */
  userGrant: boolean;
  /** Client ID Metadata Documents advertised and fetched (https client ids): off by default, they need the internet. */
  clientIdMetadataDocuments: boolean;
  /** Where registrations, refresh tokens and keys are kept across restarts; undefined: in memory. */
  dataDir: string | undefined;
}

export const HELP = `npm run auth-server: a local OAuth 2.1 authorization server for development (oidc-provider, demo
users). Settings, as environment variables:

  AUTH_SERVER_PORT          port to listen on (default 9400; 0: any free port)
  AUTH_SERVER_HOST          address to listen on (default 127.0.0.1). Not loopback: the password-less
                            test grant of the "assistant" client is turned off
  AUTH_SERVER_RESOURCE      the tool server's /mcp URL, its OAUTH_RESOURCE (default http://127.0.0.1:3000/mcp)
  AUTH_SERVER_SCOPES        the scopes of that resource, space-separated (default "orders:read orders:write")
  AUTH_SERVER_API_AUDIENCE  the customer API's audience, the tool server's UPSTREAM_AUDIENCE
                            (default https://api.example.test)
  AUTH_SERVER_TOKEN_TTL     access tokens' lifetime in seconds (default 3600; e.g. 60 to watch a client
                            refresh silently within a minute)
  AUTH_SERVER_CIMD          on: accept Client ID Metadata Documents (https:// client ids, fetched from
                            there). Default off: clients that prefer them (Codex, Claude Code) register
                            dynamically instead, which works offline
  AUTH_SERVER_DATA_DIR      where registered clients, refresh tokens and signing keys are kept across
                            restarts (default .data/auth-server; memory: keep nothing)

Example: AUTH_SERVER_TOKEN_TTL=60 npm run auth-server
`;

/** 127.0.0.0/8, ::1 and localhost: only this machine can reach the server. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`);
  return value;
}

function onOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'off') return false;
  if (raw === 'on') return true;
  throw new Error(`${name} must be on or off (got ${JSON.stringify(raw)})`);
}

export function readSettings(env: NodeJS.ProcessEnv): AuthServerSettings {
  const host = env['AUTH_SERVER_HOST'] || '127.0.0.1';
  return {
    port: integer(env, 'AUTH_SERVER_PORT', 9400, 0, 65535),
    host,
    resource: env['AUTH_SERVER_RESOURCE'] || 'http://127.0.0.1:3000/mcp',
    scopes: (env['AUTH_SERVER_SCOPES'] || 'orders:read orders:write').split(/ +/).filter((scope) => scope !== ''),
    apiAudience: env['AUTH_SERVER_API_AUDIENCE'] || 'https://api.example.test',
    tokenTtlSeconds: integer(env, 'AUTH_SERVER_TOKEN_TTL', 3600, 10, 86_400),
    userGrant: isLoopback(host),
    clientIdMetadataDocuments: onOff(env, 'AUTH_SERVER_CIMD'),
    dataDir: env['AUTH_SERVER_DATA_DIR'] === 'memory' ? undefined : env['AUTH_SERVER_DATA_DIR'] || '.data/auth-server',
  };
}
