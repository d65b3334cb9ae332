// The oidc-provider configuration of the development authorization server: its clients, features, resource
// indicators, scopes and added grants (./grants.ts). Built again on every key rotation, with the same state.
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { TEST_USER_GRANT, TOKEN_EXCHANGE_GRANT, resourceServerInfo, type GrantContext, type Provider, type ProviderErrors, type ResourceSettings } from './grants';

export interface ProviderOptions {
  issuer: string;
  resources: Readonly<Record<string, ResourceSettings>>;
  /** The built-in confidential clients (the tool server's and the assistant's) and any extra ones. */
  toolServerClient: { id: string; secret: string };
  assistantClient: { id: string; secret: string };
  clients?: readonly Record<string, unknown>[];
  registration: boolean;
  clientIdMetadataDocuments: boolean;
  userGrant: boolean;
  keys: readonly JWK[];
  errors: ProviderErrors;
  grants: { exchange: (ctx: GrantContext) => Promise<void>; grantUser: (ctx: GrantContext) => Promise<void> };
  /** Told of every successful grant: its parameters without tokens or codes. */
  onGrant: (params: Record<string, unknown>) => void;
}

type ProviderClass = new (issuer: string, configuration: never) => Provider;

export function buildProvider(ProviderClass: ProviderClass, options: ProviderOptions): Provider {
  const { resources, toolServerClient, assistantClient, userGrant, errors, grants } = options;
  const confidential = { token_endpoint_auth_method: 'client_secret_basic', response_types: [], redirect_uris: [] };
  const provider = new ProviderClass(options.issuer, {
    clients: [
      { ...confidential, client_id: toolServerClient.id, client_secret: toolServerClient.secret, grant_types: ['client_credentials', TOKEN_EXCHANGE_GRANT] },
      { ...confidential, client_id: assistantClient.id, client_secret: assistantClient.secret, grant_types: ['client_credentials', ...(userGrant ? [TEST_USER_GRANT] : [])] },
      ...(options.clients ?? []),
    ],
    jwks: { keys: options.keys as never },
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
        getResourceServerInfo: (_ctx: unknown, resource: string) => {
          const settings = resources[resource];
          if (!settings) throw new errors.InvalidTarget(`unknown resource ${resource}`);
          return resourceServerInfo(settings, resource);
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
  provider.on('grant.success', (ctx) => options.onGrant((ctx.oidc.params ?? {}) as Record<string, unknown>));
  return provider;
}
