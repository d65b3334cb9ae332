// The oidc-provider configuration of the development authorization server: its clients, features, resource
// indicators, scopes and added grants (./grants.ts). Built again on every key rotation, with the same state.
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { TEST_USER_GRANT, TOKEN_EXCHANGE_GRANT, resourceServerInfo, type GrantContext, type Provider, type ProviderErrors, type ResourceSettings } from './grants';
import { JWT_BEARER_GRANT } from './id-jag-grant';

export interface ProviderOptions {
  issuer: string;
  resources: Readonly<Record<string, ResourceSettings>>;
  /** The built-in confidential clients (the tool server's and the assistant's) and any extra ones. */
  toolServerClient: { id: string; secret: string };
  assistantClient: { id: string; secret: string };
  clients?: readonly Record<string, unknown>[];
  /** AUTH_SERVER_M2M_CLIENT_*: a machine client (a CI job, a backend) with client credentials only. */
  machineClient?: MachineClient;
  registration: boolean;
  clientIdMetadataDocuments: boolean;
  userGrant: boolean;
  keys: readonly JWK[];
  errors: ProviderErrors;
  grants: {
    exchange: (ctx: GrantContext) => Promise<void>;
    grantUser: (ctx: GrantContext) => Promise<void>;
    /** The ID-JAG grant (./id-jag-grant.ts), registered only when an enterprise IdP is trusted. */
    idJag?: (ctx: GrantContext) => Promise<void>;
  };
  /** Told of every successful grant: its parameters without tokens or codes. */
  onGrant: (params: Record<string, unknown>) => void;
  /** Told of every refused token request (client authentication included): the grant type, the client, the error. */
  onGrantError: (grantType: unknown, clientId: string | undefined, error: Record<string, unknown>) => void;
  /** oidc-provider's `adapter`: where clients, grants and tokens are kept (./file-store.ts). */
  adapter: (model: string) => unknown;
}

export interface MachineClient {
  readonly id: string;
  readonly secret: string;
  /** The scopes its tokens may carry at most (AUTH_SERVER_M2M_SCOPES); undefined: any the resource knows. */
  readonly scopes?: readonly string[];
}

/** The few fields of oidc-provider's (koa) context the middleware below reads. */
interface KoaContext {
  path: string;
  method: string;
  query: Record<string, string | string[] | undefined>;
  body?: unknown;
  oidc?: { route?: string };
}

/**
 * MCP clients are offered only what works for them (they ask for every scope listed): the scopes of the
 * offered resources and offline_access, never `openid` (no ID tokens are needed) or the API's; the code flow
 * only (no implicit); the standard grants, not the test grant of the `assistant` client.
 */
function offeredMetadata(body: Record<string, unknown>, offeredScopes: readonly string[]): void {
  body.scopes_supported = [...offeredScopes];
  body.grant_types_supported = (body.grant_types_supported as string[]).filter((grant) => grant !== TEST_USER_GRANT);
}

/**
 * oidc-provider drops offline_access from an authorization request without prompt=consent (OpenID Connect
 * Core §11), so Codex and Gemini CLI, which never send `prompt`, got no refresh token. This server consents
 * on the user's behalf anyway (./interactions.ts), so a request for offline_access is read as consenting
 * to it. issueRefreshToken alone cannot do it: the scope is gone from the code before that hook runs, and
 * without it the tokens would also end with the browser session (expiresWithSession).
 */
function consentToOfflineAccess(ctx: KoaContext): void {
  const { scope, prompt } = ctx.query;
  if (typeof scope !== 'string' || !scope.split(' ').includes('offline_access')) return;
  if (Array.isArray(prompt)) return;
  const prompts = (prompt ?? '').split(' ').filter((value) => value !== '');
  if (prompts.includes('consent') || prompts.includes('none')) return;
  ctx.query = { ...ctx.query, prompt: [...prompts, 'consent'].join(' ') };
}

type ProviderClass = new (issuer: string, configuration: never) => Provider;

export function buildProvider(ProviderClass: ProviderClass, options: ProviderOptions): Provider {
  const { resources, toolServerClient, assistantClient, machineClient, userGrant, errors, grants } = options;
  const confidential = { token_endpoint_auth_method: 'client_secret_basic', response_types: [], redirect_uris: [] };
  // With an enterprise IdP trusted, the assistant may present its ID-JAGs (the IdP names it as their client_id).
  const enterprise = grants.idJag ? [JWT_BEARER_GRANT] : [];
  const provider = new ProviderClass(options.issuer, {
    clients: [
      { ...confidential, client_id: toolServerClient.id, client_secret: toolServerClient.secret, grant_types: ['client_credentials', TOKEN_EXCHANGE_GRANT] },
      { ...confidential, client_id: assistantClient.id, client_secret: assistantClient.secret, grant_types: ['client_credentials', ...enterprise, ...(userGrant ? [TEST_USER_GRANT] : [])] },
      ...(machineClient ? [{ ...confidential, client_id: machineClient.id, client_secret: machineClient.secret, grant_types: ['client_credentials'] }] : []),
      ...(options.clients ?? []),
    ],
    jwks: { keys: options.keys as never },
    adapter: options.adapter,
    // The code flow only: an `id_token` response type would advertise the implicit grant.
    responseTypes: ['code'],
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
      registration: { enabled: options.registration },
      ...(options.clientIdMetadataDocuments ? { clientIdMetadataDocument: { enabled: true, ack: 'draft-02' } } : {}),
      resourceIndicators: {
        enabled: true,
        defaultResource: () => Object.keys(resources)[0]!,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string, client?: { clientId: string }) => {
          const settings = resources[resource];
          if (!settings) throw new errors.InvalidTarget(`unknown resource ${resource}`);
          // The machine client's own scopes: what it asks for beyond them is left out of its token (RFC 6749
          // §3.3), not refused, since MCP clients ask for every scope the resource lists.
          const allowed = client !== undefined && client.clientId === machineClient?.id ? machineClient.scopes : undefined;
          return resourceServerInfo(allowed ? { ...settings, scopes: settings.scopes.filter((scope) => allowed.includes(scope)) } : settings, resource);
        },
      },
    },
    // The assistant's client credentials may ask for any scope its resources know. With registration, also
    // offline_access: oidc-provider accepts a registration with grant_types refresh_token (what assistants and
    // the SDK register) only when it knows that scope.
    scopes: [...new Set(Object.values(resources).flatMap((resource) => resource.scopes)), ...(options.registration ? ['offline_access'] : [])],
  } as never);
  provider.registerGrantType(TOKEN_EXCHANGE_GRANT, grants.exchange as never, ['subject_token', 'subject_token_type', 'audience', 'resource', 'scope', 'requested_token_type']);
  if (userGrant) provider.registerGrantType(TEST_USER_GRANT, grants.grantUser as never, ['subject', 'resource', 'scope']);
  // RFC 7523 §2.1: `assertion`; `scope` and `resource` may narrow what the ID-JAG grants, never widen it.
  if (grants.idJag) provider.registerGrantType(JWT_BEARER_GRANT, grants.idJag as never, ['assertion', 'scope', 'resource']);
  const offeredScopes = [
    ...new Set(Object.values(resources).flatMap((resource) => (resource.offered === false ? [] : resource.scopes))),
    ...(options.registration ? ['offline_access'] : []),
  ];
  provider.use(async (ctx: KoaContext, next: () => Promise<void>) => {
    if (ctx.method === 'GET' && ctx.path === '/auth') consentToOfflineAccess(ctx);
    await next();
    if (ctx.oidc?.route === 'discovery' && typeof ctx.body === 'object' && ctx.body !== null) offeredMetadata(ctx.body as Record<string, unknown>, offeredScopes);
  });
  provider.on('grant.success', (ctx) => options.onGrant((ctx.oidc.params ?? {}) as Record<string, unknown>));
  provider.on('grant.error', (ctx, error) => options.onGrantError(ctx.oidc.params?.grant_type, ctx.oidc.client?.clientId, error as unknown as Record<string, unknown>));
  return provider;
}
