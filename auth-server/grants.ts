// The grants this development server adds to oidc-provider: RFC 8693 token exchange (as a company registers
// it at its own server) and the `assistant` client's password-less test grant (a user's token without a
// browser). Both issue an access token for one resource through `issue`, as the ID-JAG grant does
// (./id-jag-grant.ts).
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { publicPart } from './keys';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** A grant of this test server only: a user's token without a browser (stands in for the code flow). */
export const TEST_USER_GRANT = 'urn:test:params:oauth:grant-type:user';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

export interface ResourceSettings {
  /** Scopes the resource knows; a token carries those asked for that the resource knows. */
  scopes: readonly string[];
  format?: 'jwt' | 'opaque';
  ttlSeconds?: number;
  /**
   * Its scopes are listed in the metadata's scopes_supported, what MCP clients are offered (Codex, Claude
   * Code and Gemini CLI ask for every one). Default true; false for the customer API's audience, whose
   * scopes only the tool server's own client asks for.
   */
  offered?: boolean;
}

type ProviderModule = typeof import('oidc-provider', { with: { 'resolution-mode': 'import' } });
export type Provider = InstanceType<ProviderModule['default']>;
export type ProviderErrors = ProviderModule['errors'];
// oidc-provider's context and models are loosely typed; the few fields used here are named.
export interface GrantContext {
  oidc: { client: { clientId: string }; params: Record<string, string | undefined> };
  body?: unknown;
}

export interface GrantOptions {
  resources: Readonly<Record<string, ResourceSettings>>;
  issuer: string;
  errors: ProviderErrors;
  provider: () => Provider;
  /** The signing keys, newest first (a subject token is verified against them). */
  keys: () => readonly JWK[];
  /** Subjects whose tokens token exchange refuses (revokeSubject). */
  revoked: ReadonlySet<string>;
  /** Its clock runs this far ahead when it checks a subject token's expiry. */
  clockAheadSeconds: number;
}

/** What oidc-provider needs to know of a resource to issue tokens for it. */
export function resourceServerInfo(settings: ResourceSettings, resource: string) {
  return {
    scope: settings.scopes.join(' '),
    audience: resource,
    accessTokenTTL: settings.ttlSeconds ?? 3600,
    accessTokenFormat: settings.format ?? 'jwt',
    jwt: { sign: { alg: 'RS256' as const } },
  };
}

export async function createGrants({ resources, issuer, errors, provider, keys, revoked, clockAheadSeconds }: GrantOptions) {
  const { createLocalJWKSet, jwtVerify } = await import('jose');

  /** Issues an access token for `resource` to the requesting client, for `accountId`. */
  async function issue(ctx: GrantContext, accountId: string, resource: string, requested: string | undefined, gty: string) {
    const p = provider();
    const client = await p.Client.find(ctx.oidc.client.clientId);
    if (!client) throw new errors.InvalidClient('unknown client');
    const settings = resources[resource];
    if (!settings) throw new errors.InvalidTarget(`unknown resource ${resource}`);
    const server = new p.ResourceServer(resource, resourceServerInfo(settings, resource));
    const known = new Set(server.scope?.split(' ') ?? []);
    const scope = (requested ?? '').split(' ').filter((item) => known.has(item)).join(' ') || undefined;
    const grant = new p.Grant({ accountId, clientId: client.clientId });
    if (scope) grant.addResourceScope(resource, scope);
    const grantId = await grant.save();
    const token = new p.AccessToken({ accountId, client, grantId, gty, scope, resourceServer: server });
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
      const currentDate = new Date(Date.now() + clockAheadSeconds * 1000);
      const { payload } = await jwtVerify(subjectToken, createLocalJWKSet({ keys: keys().map(publicPart) }), { issuer, currentDate });
      subject = payload.sub;
    } catch {
      const opaque = await provider().AccessToken.find(subjectToken);
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

  return { exchange, grantUser, issue };
}
