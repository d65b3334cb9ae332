// The settings of `npm run auth-server`: read from the environment, checked, and described for
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
  /** The company IdP whose ID-JAGs are accepted (Enterprise-Managed Authorization); undefined: none. */
  enterprise: { issuer: string; jwksUrl: string } | undefined;
  /** A machine client with client credentials only (a CI job, a backend) and its scopes; undefined: none. */
  machineClient: { id: string; secret: string; scopes: string[] } | undefined;
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
  AUTH_SERVER_ENTERPRISE_ISSUER, AUTH_SERVER_ENTERPRISE_JWKS_URL
                            the company IdP (Okta with Cross App Access, ...) whose ID-JAGs the "assistant"
                            client may present for a token (Enterprise-Managed Authorization): its issuer,
                            exactly as in the ID-JAG's iss, and its keys' URL. Both or neither (default:
                            neither)
  AUTH_SERVER_M2M_CLIENT_ID, AUTH_SERVER_M2M_CLIENT_SECRET
                            a machine client (a CI job, a backend) that signs in with client credentials
                            only, with no user. Both or neither (default: neither); the secret at least
                            32 characters
  AUTH_SERVER_M2M_SCOPES    the scopes the machine client's tokens may carry, space-separated (default: all
                            of AUTH_SERVER_SCOPES); it may ask for more and gets these at most

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

/** Two settings that make sense only together: both set, or neither. */
function pair(env: NodeJS.ProcessEnv, first: string, second: string): [string, string] | undefined {
  const a = env[first] || undefined;
  const b = env[second] || undefined;
  if (a === undefined && b === undefined) return undefined;
  if (a === undefined || b === undefined) throw new Error(`${a === undefined ? first : second} must be set with ${a === undefined ? second : first}`);
  return [a, b];
}

function httpUrl(name: string, value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new Error(`${name} must be an http(s) URL (got ${JSON.stringify(value)})`);
  return value;
}

function enterpriseOf(env: NodeJS.ProcessEnv): AuthServerSettings['enterprise'] {
  const both = pair(env, 'AUTH_SERVER_ENTERPRISE_ISSUER', 'AUTH_SERVER_ENTERPRISE_JWKS_URL');
  return both && { issuer: httpUrl('AUTH_SERVER_ENTERPRISE_ISSUER', both[0]), jwksUrl: httpUrl('AUTH_SERVER_ENTERPRISE_JWKS_URL', both[1]) };
}

function machineClientOf(env: NodeJS.ProcessEnv, scopes: string[]): AuthServerSettings['machineClient'] {
  const both = pair(env, 'AUTH_SERVER_M2M_CLIENT_ID', 'AUTH_SERVER_M2M_CLIENT_SECRET');
  if (both === undefined) {
    if (env['AUTH_SERVER_M2M_SCOPES']) throw new Error('AUTH_SERVER_M2M_SCOPES needs AUTH_SERVER_M2M_CLIENT_ID and AUTH_SERVER_M2M_CLIENT_SECRET');
    return undefined;
  }
  // The secret is never repeated in a problem; its length is the one thing said about it.
  if (both[1].length < 32) throw new Error(`AUTH_SERVER_M2M_CLIENT_SECRET must be at least 32 characters (got ${both[1].length}): e.g. openssl rand -hex 32`);
  if (['tool-server', 'assistant'].includes(both[0])) throw new Error(`AUTH_SERVER_M2M_CLIENT_ID may not be ${both[0]}, a built-in client`);
  const own = env['AUTH_SERVER_M2M_SCOPES'] ? env['AUTH_SERVER_M2M_SCOPES'].split(/ +/).filter((scope) => scope !== '') : scopes;
  const unknown = own.filter((scope) => !scopes.includes(scope));
  if (unknown.length > 0) throw new Error(`AUTH_SERVER_M2M_SCOPES: ${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in AUTH_SERVER_SCOPES`);
  return { id: both[0], secret: both[1], scopes: own };
}

export function readSettings(env: NodeJS.ProcessEnv): AuthServerSettings {
  const host = env['AUTH_SERVER_HOST'] || '127.0.0.1';
  const scopes = (env['AUTH_SERVER_SCOPES'] || 'orders:read orders:write').split(/ +/).filter((scope) => scope !== '');
  return {
    port: integer(env, 'AUTH_SERVER_PORT', 9400, 0, 65535),
    host,
    resource: env['AUTH_SERVER_RESOURCE'] || 'http://127.0.0.1:3000/mcp',
    scopes,
    apiAudience: env['AUTH_SERVER_API_AUDIENCE'] || 'https://api.example.test',
    tokenTtlSeconds: integer(env, 'AUTH_SERVER_TOKEN_TTL', 3600, 10, 86_400),
    userGrant: isLoopback(host),
    clientIdMetadataDocuments: onOff(env, 'AUTH_SERVER_CIMD'),
    dataDir: env['AUTH_SERVER_DATA_DIR'] === 'memory' ? undefined : env['AUTH_SERVER_DATA_DIR'] || '.data/auth-server',
    enterprise: enterpriseOf(env),
    machineClient: machineClientOf(env, scopes),
  };
}
