// Runs the local authorization server for development (`npm run auth-server`): loopback, port
// AUTH_SERVER_PORT (default 9400). Optional: AUTH_SERVER_HOST (default 127.0.0.1), AUTH_SERVER_RESOURCE
// (the tool server's /mcp, default http://127.0.0.1:3000/mcp), AUTH_SERVER_SCOPES (its scopes, default
// "orders:read orders:write"), AUTH_SERVER_API_AUDIENCE (the customer API's, default https://api.example.test).
// Prints the tool server's settings to use it, and the demo users.
import type { Writable } from 'node:stream';
import { startAuthorizationServer, type AuthorizationServer } from './authorization-server';
import { DEMO_USERS } from './demo-users';

export interface RunningAuthServer {
  server: AuthorizationServer;
  close(): Promise<void>;
}

export async function serveAuthServer(env: NodeJS.ProcessEnv, out: Pick<Writable, 'write'>): Promise<RunningAuthServer> {
  const port = Number(env['AUTH_SERVER_PORT'] ?? 9400);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('AUTH_SERVER_PORT must be a port number');
  const resource = env['AUTH_SERVER_RESOURCE'] ?? 'http://127.0.0.1:3000/mcp';
  const scopes = (env['AUTH_SERVER_SCOPES'] ?? 'orders:read orders:write').split(/ +/).filter((scope) => scope !== '');
  const api = env['AUTH_SERVER_API_AUDIENCE'] ?? 'https://api.example.test';
  const server = await startAuthorizationServer({
    resources: { [resource]: { scopes }, [api]: { scopes: ['api'] } },
    registration: true,
    clientIdMetadataDocuments: true,
    host: env['AUTH_SERVER_HOST'] ?? '127.0.0.1',
    port,
  });
  out.write(
    [
      `authorization server listening, issuer ${server.issuer} (development only: in-memory, demo users)`,
      `sign in as: ${DEMO_USERS.map((user) => `${user.login} / ${user.password}`).join(', ')}`,
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
