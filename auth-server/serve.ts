// Runs the local authorization server for development (`npm run auth-server`; settings: ./settings.ts, or
// `npm run auth-server -- --help`). Prints the tool server's settings to use it, and the demo users.
import type { Writable } from 'node:stream';
import { startAuthorizationServer, type AuthorizationServer } from './authorization-server';
import { DEMO_USERS } from './demo-users';
import { readSettings } from './settings';

export interface RunningAuthServer {
  server: AuthorizationServer;
  close(): Promise<void>;
}

export async function serveAuthServer(env: NodeJS.ProcessEnv, out: Pick<Writable, 'write'>): Promise<RunningAuthServer> {
  const settings = readSettings(env);
  const { resource, scopes, apiAudience: api, tokenTtlSeconds: ttlSeconds } = settings;
  const server = await startAuthorizationServer({
    resources: { [resource]: { scopes, ttlSeconds }, [api]: { scopes: ['api'], ttlSeconds } },
    registration: true,
    clientIdMetadataDocuments: true,
    host: settings.host,
    port: settings.port,
    userGrant: settings.userGrant,
  });
  out.write(
    [
      `authorization server listening, issuer ${server.issuer} (development only: in-memory, demo users)`,
      `sign in as: ${DEMO_USERS.map((user) => `${user.login} / ${user.password}`).join(', ')}`,
      `access tokens live ${ttlSeconds} s (AUTH_SERVER_TOKEN_TTL); settings: npm run auth-server -- --help`,
      settings.userGrant
        ? `the "assistant" client's password-less test grant is on: it mints a token for any user; loopback only (${settings.host})`
        : `the "assistant" client's password-less test grant is off: ${settings.host} is not a loopback address`,
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
