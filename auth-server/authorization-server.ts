// A real OAuth 2.1 authorization server for development and the tests (issues 17, 25): oidc-provider on
// loopback, in this process (`npm run auth-server`, and test/auth/oauth-stack.ts: the same code). It issues
// JWT or opaque access tokens for a resource (RFC 8707 resource indicators), refresh tokens (offline_access),
// client-credentials tokens, and RFC 8693 token-exchange tokens (a grant registered here, as a company
// registers one at its own server); it has a sign-in page for demo users, dynamic registration and (for
// https client ids) Client ID Metadata Documents; it publishes its keys, rotates them, can be stopped and
// started, and records what it served. A development tool: oidc-provider is a devDependency.
// jose, oauth4webapi and oidc-provider are ESM-only: code loads them with `await import()` (jest runs with
// --experimental-vm-modules: package.json "test"), and types come with `with { 'resolution-mode': 'import' }`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { DEMO_USERS, type DemoUser } from './demo-users';
import { publicPart, quietDevelopmentNotices, signingKey } from './keys';
import { createInteractions } from './interactions';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** A grant of this test server only: a user's token without a browser (stands in for the code flow). */
export const TEST_USER_GRANT = 'urn:test:params:oauth:grant-type:user';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export interface ResourceSettings {
  /** Scopes the resource knows; a token carries those asked for that the resource knows. */
  scopes: readonly string[];
  format?: 'jwt' | 'opaque';
  ttlSeconds?: number;
}

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
   * the tests; `npm run auth-server` turns it off unless it listens on loopback (issue 35).
   */
  userGrant?: boolean;
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

type ProviderModule = typeof import('oidc-provider', { with: { 'resolution-mode': 'import' } });
type Provider = InstanceType<ProviderModule['default']>;
// oidc-provider's context and models are loosely typed; the few fields used here are named.
interface GrantContext {
  oidc: { client: { clientId: string }; params: Record<string, string | undefined> };
  body?: unknown;
}


export async function startAuthorizationServer(options: AuthServerOptions): Promise<AuthorizationServer> {
  quietDevelopmentNotices();
  const { default: ProviderClass, errors } = await import('oidc-provider');
  const { createLocalJWKSet, jwtVerify } = await import('jose');
  const toolServerClient = { id: 'tool-server', secret: 'tool-server-secret-0123456789abcdef' };
  const assistantClient = { id: 'assistant', secret: 'assistant-secret-0123456789abcdef' };
  const requests: ServedRequest[] = [];
  const grants: string[] = [];
  const tokenRequests: Record<string, string>[] = [];
  const revoked = new Set<string>();
  let keys: JWK[] = [await signingKey()];
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

  function resourceServer(resource: string) {
    const settings = options.resources[resource];
    if (!settings) throw new errors.InvalidTarget(`unknown resource ${resource}`);
    return new provider!.ResourceServer(resource, {
      scope: settings.scopes.join(' '),
      audience: resource,
      accessTokenTTL: settings.ttlSeconds ?? 3600,
      accessTokenFormat: settings.format ?? 'jwt',
      jwt: { sign: { alg: 'RS256' } },
    });
  }

  /** Issues an access token for `resource` to the requesting client, for `accountId`. */
  async function issue(ctx: GrantContext, accountId: string, resource: string, requested: string | undefined, gty: string) {
    const client = await provider!.Client.find(ctx.oidc.client.clientId);
    if (!client) throw new errors.InvalidClient('unknown client');
    const server = resourceServer(resource);
    const known = new Set(server.scope?.split(' ') ?? []);
    const scope = (requested ?? '').split(' ').filter((item) => known.has(item)).join(' ') || undefined;
    const grant = new provider!.Grant({ accountId, clientId: client.clientId });
    if (scope) grant.addResourceScope(resource, scope);
    const grantId = await grant.save();
    const token = new provider!.AccessToken({ accountId, client, grantId, gty, scope, resourceServer: server });
    const value = await token.save();
    return { access_token: value, token_type: 'Bearer', expires_in: token.expiration, scope, issued_token_type: ACCESS_TOKEN_TYPE };
  }

  /** RFC 8693: the subject token must be a live token this server issued; the new one is for `audience`. */
  async function exchange(ctx: GrantContext): Promise<void> {
    const { subject_token: subjectToken, subject_token_type: type, audience, resource, scope } = ctx.oidc.params;
    if (!subjectToken || type !== ACCESS_TOKEN_TYPE) throw new errors.InvalidRequest('subject_token of type access_token required');
    const target = resource ?? audience;
    if (!target) throw new errors.InvalidTarget('audience or resource required');
    let subject: string | undefined;
    try {
      const currentDate = new Date(Date.now() + (options.clockAheadSeconds ?? 0) * 1000);
      const { payload } = await jwtVerify(subjectToken, createLocalJWKSet({ keys: keys.map(publicPart) }), { issuer, currentDate });
      subject = payload.sub;
    } catch {
      const opaque = await provider!.AccessToken.find(subjectToken);
      subject = opaque?.accountId;
    }
    if (subject === undefined || revoked.has(subject)) throw new errors.InvalidGrant('subject token is not valid');
    ctx.body = await issue(ctx, subject, target, scope, 'token-exchange');
  }

  async function grantUser(ctx: GrantContext): Promise<void> {
    const { subject, resource, scope } = ctx.oidc.params;
    if (!subject || !resource) throw new errors.InvalidRequest('subject and resource required');
    const issued = await issue(ctx, subject, resource, scope, 'user');
    const { issued_token_type: _type, ...body } = issued;
    ctx.body = body;
  }

  function build(): Provider {
    const confidential = { token_endpoint_auth_method: 'client_secret_basic', response_types: [], redirect_uris: [] };
    const next = new ProviderClass(issuer, {
      clients: [
        { ...confidential, client_id: toolServerClient.id, client_secret: toolServerClient.secret, grant_types: ['client_credentials', TOKEN_EXCHANGE_GRANT] },
        { ...confidential, client_id: assistantClient.id, client_secret: assistantClient.secret, grant_types: ['client_credentials', ...(userGrant ? [TEST_USER_GRANT] : [])] },
        ...(options.clients ?? []),
      ],
      jwks: { keys: keys as never },
      // A registration's `scope` would narrow what the client may ever ask for (the SDK clients register with
      // the 401's scope): every client here may ask for any scope the server knows, so step-up can widen it.
      extraClientMetadata: {
        properties: ['scope'],
        validator: (_ctx: unknown, key: string, _value: unknown, metadata: Record<string, unknown>) => {
          if (key === 'scope') delete metadata.scope;
        },
      },
      cookies: { keys: ['test-cookie-key-0123456789'] },
      // The sign-in page (./interactions.ts) and its users; a user's tokens carry their login as `sub`.
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id }) }),
      features: {
        clientCredentials: { enabled: true },
        introspection: { enabled: true, allowedPolicy: () => true },
        revocation: { enabled: true },
        devInteractions: { enabled: false },
        registration: { enabled: options.registration ?? false },
        ...(options.clientIdMetadataDocuments ? { clientIdMetadataDocument: { enabled: true, ack: 'draft-02' } } : {}),
        resourceIndicators: {
          enabled: true,
          defaultResource: () => Object.keys(options.resources)[0]!,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => {
            const settings = options.resources[resource];
            if (!settings) throw new errors.InvalidTarget(`unknown resource ${resource}`);
            return {
              scope: settings.scopes.join(' '),
              audience: resource,
              accessTokenTTL: settings.ttlSeconds ?? 3600,
              accessTokenFormat: settings.format ?? 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          },
        },
      },
      // The assistant's client credentials may ask for any scope its resources know. With registration, also
      // offline_access: oidc-provider accepts a registration with grant_types refresh_token (what assistants and
      // the SDK register) only when it knows that scope.
      scopes: [...new Set(Object.values(options.resources).flatMap((resource) => resource.scopes)), ...(options.registration ? ['offline_access'] : [])],
    } as never);
    next.registerGrantType(TOKEN_EXCHANGE_GRANT, exchange as never, ['subject_token', 'subject_token_type', 'audience', 'resource', 'scope', 'requested_token_type']);
    if (userGrant) next.registerGrantType(TEST_USER_GRANT, grantUser as never, ['subject', 'resource', 'scope']);
    next.on('grant.success', (ctx) => {
      const params = (ctx.oidc.params ?? {}) as Record<string, unknown>;
      grants.push(String(params.grant_type ?? '?'));
      const shown = Object.entries(params).filter(([name, value]) => typeof value === 'string' && ['grant_type', 'scope', 'resource', 'audience'].includes(name));
      tokenRequests.push(Object.fromEntries(shown) as Record<string, string>);
    });
    return next;
  }
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
    grants,
    tokenRequests,
    count: (path) => requests.filter((request) => request.path === path).length,
    async userToken({ subject, resource, scopes = [] }) {
      const answer = await tokenRequest(assistantClient, { grant_type: TEST_USER_GRANT, subject, resource, scope: scopes.join(' ') });
      return answer.access_token as string;
    },
    revokeSubject: (subject) => void revoked.add(subject),
    async rotateKeys() {
      keys = [await signingKey(), ...keys];
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

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not_found"}');
}
