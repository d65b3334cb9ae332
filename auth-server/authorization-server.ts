// A real OAuth 2.1 authorization server for development and the tests: oidc-provider on
// loopback, in this process (`npm run auth-server`, and test/auth/oauth-stack.ts: the same code). It issues
// JWT or opaque access tokens for a resource (RFC 8707 resource indicators), refresh tokens (offline_access),
// client-credentials tokens, RFC 8693 token-exchange tokens (a grant registered here, as a company
// registers one at its own server) and, with an enterprise IdP trusted, tokens for its ID-JAGs; it has a sign-in page for demo users, dynamic registration and (for
// https client ids) Client ID Metadata Documents; it publishes its keys, rotates them, can be stopped and
// started, and records what it served. A development tool: oidc-provider is a devDependency. This file is
// the server and its test-facing handle; ./provider.ts configures oidc-provider, ./grants.ts adds its grants.
// jose, oauth4webapi and oidc-provider are ESM-only: code loads them with `await import()` (jest runs with
// --experimental-vm-modules: package.json "test"), and types come with `with { 'resolution-mode': 'import' }`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { DEMO_USERS, type DemoUser } from './demo-users';
import { publicPart, quietDevelopmentNotices, signingKey } from './keys';
import { createInteractions } from './interactions';
import { createGrants, TEST_USER_GRANT, type Provider, type ResourceSettings } from './grants';
import { createStore } from './file-store';
import { createIdJagGrant, type EnterpriseIdp, type GrantLog } from './id-jag-grant';
import { buildProvider, type MachineClient } from './provider';

export { TOKEN_EXCHANGE_GRANT, TEST_USER_GRANT, type ResourceSettings } from './grants';
export { JWT_BEARER_GRANT, ID_JAG_TYP, type EnterpriseIdp, type GrantLog } from './id-jag-grant';
export type { MachineClient } from './provider';

const SILENT: GrantLog = { info: () => undefined, warn: () => undefined };

export interface AuthServerOptions {
  /** The resources tokens can be issued for (the MCP endpoint's canonical URI, the customer's API). */
  resources: Readonly<Record<string, ResourceSettings>>;
  /**
   * Which metadata documents it serves: `openid-configuration` (oidc-provider's own), `oauth-authorization-server`
   * (RFC 8414, the same document), or both. Default: both.
   */
  metadata?: 'oidc' | 'oauth' | 'both';
  /** Extra clients (an assistant registered by hand, with redirect URIs for the code flow). */
  clients?: readonly Record<string, unknown>[];
  /** Open dynamic client registration (RFC 7591), as assistants use to register themselves. Default: off. */
  registration?: boolean;
  /**
   * Accept Client ID Metadata Documents (an https:// URL as client_id, fetched from there: oidc-provider's
   * experimental feature, draft 02). Default: off.
   */
  clientIdMetadataDocuments?: boolean;
  /**
   * Keeps registered clients, grants, refresh tokens and the signing keys in this folder (./file-store.ts),
   * so a restart on the same port forgets none of them. Default: none, everything in memory.
   */
  dataDir?: string;
  /** Who can sign in at the sign-in page. Default DEMO_USERS. */
  users?: readonly DemoUser[];
  /** Where it listens: 127.0.0.1 and any free port by default. */
  host?: string;
  port?: number;
  /** Its metadata documents answer after this long (a slow or overloaded server). Default 0. */
  metadataDelayMs?: number;
  /** Its clock runs this far ahead when it checks a subject token's expiry (token exchange). Default 0. */
  clockAheadSeconds?: number;
  /**
   * The `assistant` client's password-less grant (TEST_USER_GRANT: a token for any subject). Default on, for
   * the tests; `npm run auth-server` turns it off unless it listens on loopback.
   */
  userGrant?: boolean;
  /**
   * The company's IdP whose ID-JAGs (Enterprise-Managed Authorization) this server accepts with the JWT bearer
   * grant, from the `assistant` client and any extra client allowed that grant. Default: none, and the grant
   * is neither registered nor advertised.
   */
  enterprise?: EnterpriseIdp;
  /** A machine client (client credentials only, no user, its own scopes): AUTH_SERVER_M2M_CLIENT_*. Default: none. */
  machineClient?: MachineClient;
  /** Where the grants' refusals and acceptances are logged (never a token or assertion). Default: nowhere. */
  log?: GrantLog;
}

export interface TestClient {
  readonly id: string;
  readonly secret: string;
}

export interface ServedRequest {
  readonly method: string;
  readonly path: string;
}

export interface AuthorizationServer {
  /** http://127.0.0.1:<port>, stable across stop()/start() and key rotation. */
  readonly issuer: string;
  /** The tool server's own confidential client: introspection, client credentials and token exchange. */
  readonly toolServerClient: TestClient;
  /** An assistant's confidential client: client credentials, and the test user grant. */
  readonly assistantClient: TestClient;
  /** Every HTTP request served, in order (paths without query). */
  readonly requests: readonly ServedRequest[];
  /** Every successful grant, in order, by grant_type (client_credentials, token exchange, …). */
  readonly grants: readonly string[];
  /** The parameters of every successful grant, in order, without tokens or codes (grant_type, scope, resource, audience). */
  readonly tokenRequests: readonly Readonly<Record<string, string>>[];
  /** How many requests were served at this path. */
  count(path: string): number;
  /** A user's access token for `resource`, issued to the assistant client. */
  userToken(options: { subject: string; resource: string; scopes?: readonly string[] }): Promise<string>;
  /** From now on, token exchange refuses the subject's tokens with invalid_grant (as after a sign-out). */
  revokeSubject(subject: string): void;
  /** A new signing key, published first and used for every token from now on; the old one stays published. */
  rotateKeys(): Promise<void>;
  /** The public keys it publishes. */
  publicKeys(): readonly JWK[];
  /** Stops answering (connections refused); state and port are kept for start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startAuthorizationServer(options: AuthServerOptions): Promise<AuthorizationServer> {
  quietDevelopmentNotices();
  const { default: ProviderClass, errors } = await import('oidc-provider');
  const toolServerClient = { id: 'tool-server', secret: 'tool-server-secret-0123456789abcdef' };
  const assistantClient = { id: 'assistant', secret: 'assistant-secret-0123456789abcdef' };
  const requests: ServedRequest[] = [];
  const granted: string[] = [];
  const tokenRequests: Record<string, string>[] = [];
  const revoked = new Set<string>();
  const store = createStore(options.dataDir);
  let keys: JWK[] = store.keys() ?? [await signingKey()];
  store.saveKeys(keys);
  let provider: Provider | undefined;
  let listening = true;

  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ method: req.method ?? 'GET', path });
    if (path.startsWith('/interaction/')) return void interactions(req, res, path);
    const metadata = options.metadata ?? 'both';
    if (path === '/.well-known/oauth-authorization-server') {
      if (metadata === 'oidc') return notFound(res);
      req.url = '/.well-known/openid-configuration';
    } else if (path === '/.well-known/openid-configuration' && metadata === 'oauth') {
      return notFound(res);
    }
    if (options.metadataDelayMs && path.startsWith('/.well-known/')) return void setTimeout(() => provider!.callback()(req, res), options.metadataDelayMs);
    provider!.callback()(req, res);
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => http.once('error', reject).listen(options.port ?? 0, host, resolve));
  const port = (http.address() as AddressInfo).port;
  const issuer = `http://${host}:${port}`;
  const users = options.users ?? DEMO_USERS;
  const userGrant = options.userGrant ?? true;
  const interactions = createInteractions(() => provider!, users);

  const grants = await createGrants({
    resources: options.resources,
    issuer,
    errors,
    provider: () => provider!,
    keys: () => keys,
    revoked,
    clockAheadSeconds: options.clockAheadSeconds ?? 0,
  });
  const log = options.log ?? SILENT;
  const idJag = options.enterprise
    ? await createIdJagGrant({ idp: options.enterprise, issuer, resources: options.resources, errors, issue: grants.issue, log })
    : undefined;
  const build = (): Provider =>
    buildProvider(ProviderClass as never, {
      issuer,
      resources: options.resources,
      toolServerClient,
      assistantClient,
      clients: options.clients,
      machineClient: options.machineClient,
      registration: options.registration ?? false,
      clientIdMetadataDocuments: options.clientIdMetadataDocuments ?? false,
      userGrant,
      keys,
      errors,
      grants: { ...grants, idJag },
      adapter: (model) => store.adapter(model),
      onGrant(params) {
        granted.push(String(params.grant_type ?? '?'));
        const shown = Object.entries(params).filter(([name, value]) => typeof value === 'string' && ['grant_type', 'scope', 'resource', 'audience'].includes(name));
        tokenRequests.push(Object.fromEntries(shown) as Record<string, string>);
      },
      onGrantError: (grantType, client, error) => logRefusal(log, grantType, client, error),
    });
  provider = build();

  async function tokenRequest(client: TestClient, body: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`token request failed: ${response.status} ${JSON.stringify(json)}`);
    return json;
  }

  const server: AuthorizationServer = {
    issuer,
    toolServerClient,
    assistantClient,
    requests,
    grants: granted,
    tokenRequests,
    count: (path) => requests.filter((request) => request.path === path).length,
    async userToken({ subject, resource, scopes = [] }) {
      const answer = await tokenRequest(assistantClient, { grant_type: TEST_USER_GRANT, subject, resource, scope: scopes.join(' ') });
      return answer.access_token as string;
    },
    revokeSubject: (subject) => void revoked.add(subject),
    async rotateKeys() {
      keys = [await signingKey(), ...keys];
      store.saveKeys(keys);
      provider = build();
    },
    publicKeys: () => keys.map(publicPart),
    async stop() {
      if (!listening) return;
      listening = false;
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
    async start() {
      if (listening) return;
      await new Promise<void>((resolve) => http.listen(port, host, resolve));
      listening = true;
    },
    async close() {
      await server.stop();
    },
  };
  return server;
}

/**
 * One line per refused token request: the OAuth error and its reason (a grant's own `reason`, else
 * oidc-provider's detail, such as "invalid secret provided"), never a token, an assertion or a secret.
 * warn when the server could not decide (a dependency down), info for a refused request.
 */
function logRefusal(log: GrantLog, grantType: unknown, client: string | undefined, error: Record<string, unknown>): void {
  const reason = error.reason ?? error.error_detail ?? error.error_description;
  const fields = { grant: typeof grantType === 'string' ? grantType.slice(0, 100) : undefined, client, oauthError: error.error, reason, subjectTag: error.subjectTag };
  if (typeof error.statusCode === 'number' && error.statusCode >= 500) log.warn(fields, 'token request refused');
  else log.info(fields, 'token request refused');
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
}
