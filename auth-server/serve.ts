// Runs the local authorization server for development (`npm run auth-server`; settings: ./settings.ts, or
// `npm run auth-server -- --help`). Prints the tool server's settings to use it, and the demo users.
import type { Writable } from 'node:stream';
import { startAuthorizationServer, type AuthorizationServer } from './authorization-server';
import { DEMO_USERS } from './demo-users';
import { readSettings } from './settings';
import { loopbackAliases } from '../src/auth/resource-aliases';
import { createLogger } from '../src/logger';

export interface RunningAuthServer {
  server: AuthorizationServer;
  close(): Promise<void>;
}

export async function serveAuthServer(env: NodeJS.ProcessEnv, out: Pick<Writable, 'write'>): Promise<RunningAuthServer> {
  const settings = readSettings(env);
  const { resource, scopes, apiAudience: api, tokenTtlSeconds: ttlSeconds } = settings;
  // A loopback resource is also asked for under its other loopback names, as the tool server accepts them
  // by default (OAUTH_RESOURCE_ALIASES): http://localhost:3000/mcp and http://127.0.0.1:3000/mcp both work.
  const aliases = loopbackAliases(resource);
  const server = await startAuthorizationServer({
    resources: {
      [resource]: { scopes, ttlSeconds },
      ...Object.fromEntries(aliases.map((alias) => [alias, { scopes, ttlSeconds }])),
      [api]: { scopes: ['api'], ttlSeconds, offered: false },
    },
    registration: true,
    clientIdMetadataDocuments: settings.clientIdMetadataDocuments,
    dataDir: settings.dataDir,
    host: settings.host,
    port: settings.port,
    userGrant: settings.userGrant,
    enterprise: settings.enterprise,
    machineClient: settings.machineClient,
    // JSON lines after the banner: each grant refused or accepted, with its reason (never a token).
    log: createLogger({ level: 'info', destination: out }),
  });
  out.write(
    [
      `authorization server listening, issuer ${server.issuer} (development only: demo users)`,
      settings.dataDir === undefined
        ? 'registrations, refresh tokens and keys are kept in memory (AUTH_SERVER_DATA_DIR=memory): a restart forgets them, and clients must register and sign in again'
        : `registrations, refresh tokens and keys are kept in ${settings.dataDir} across restarts (AUTH_SERVER_DATA_DIR)`,
      settings.clientIdMetadataDocuments
        ? 'Client ID Metadata Documents are on (AUTH_SERVER_CIMD=on): https:// client ids are fetched from there, which needs the internet'
        : 'Client ID Metadata Documents are off (AUTH_SERVER_CIMD): clients register dynamically, offline too',
      `sign in as: ${DEMO_USERS.map((user) => `${user.login} / ${user.password}`).join(', ')}`,
      `access tokens live ${ttlSeconds} s (AUTH_SERVER_TOKEN_TTL); settings: npm run auth-server -- --help`,
      settings.userGrant
        ? `the "assistant" client's password-less test grant is on: it mints a token for any user; loopback only (${settings.host})`
        : `the "assistant" client's password-less test grant is off: ${settings.host} is not a loopback address`,
      settings.enterprise
        ? `ID-JAGs (Enterprise-Managed Authorization) of ${settings.enterprise.issuer} are accepted from the "assistant" client (AUTH_SERVER_ENTERPRISE_ISSUER): the IdP must name "assistant" as their client_id`
        : 'no enterprise IdP is trusted (AUTH_SERVER_ENTERPRISE_ISSUER, AUTH_SERVER_ENTERPRISE_JWKS_URL): the JWT bearer grant is off',
      settings.machineClient
        ? `machine client "${settings.machineClient.id}" signs in with client credentials, with no user, for at most "${settings.machineClient.scopes.join(' ')}" (AUTH_SERVER_M2M_CLIENT_ID, AUTH_SERVER_M2M_SCOPES)`
        : 'no machine client (AUTH_SERVER_M2M_CLIENT_ID, AUTH_SERVER_M2M_CLIENT_SECRET)',
      ...(aliases.length > 0 ? [`/mcp may also be reached as ${aliases.join(' or ')}: the tool server accepts those names by default (OAUTH_RESOURCE_ALIASES)`] : []),
      'the tool server, in .env:',
      '  MCP_AUTH=oauth',
      `  OAUTH_ISSUER=${server.issuer}`,
      `  OAUTH_RESOURCE=${resource}`,
      `  OAUTH_CLIENT_ID=${server.toolServerClient.id}`,
      `  OAUTH_CLIENT_SECRET=${server.toolServerClient.secret}`,
      '  UPSTREAM_AUTH=token-exchange',
      `  UPSTREAM_AUDIENCE=${api}`,
      `  OAUTH_CHALLENGE_SCOPE="${[...scopes, 'offline_access'].join(' ')}"`,
      '',
    ].join('\n'),
  );
  return { server, close: () => server.close() };
}
