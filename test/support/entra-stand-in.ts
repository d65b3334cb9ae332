// A stand-in for a Microsoft Entra ID tenant, for UPSTREAM_AUTH=on-behalf-of: OpenID metadata under the
// issuer, a JWKS, users' access tokens for the tool server's /mcp, and a v2.0 token endpoint that takes the
// on-behalf-of request only in the form Entra's protocol page documents (client secret case): exactly
// grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer, client_id, client_secret, assertion, scope and
// requested_token_use=on_behalf_of, form-encoded, no Authorization header. It answers as Entra does: a token
// for the API named by the scope, for the assertion's user; invalid_grant for an assertion it does not accept.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { listen } from '../../src/http/listen';

export const OBO_FIELDS = ['assertion', 'client_id', 'client_secret', 'grant_type', 'requested_token_use', 'scope'];

export interface EntraStandInOptions {
  /** The tool server's app registration at the tenant (its OAUTH_CLIENT_ID / _SECRET). */
  client: { id: string; secret: string };
  /** What a user's token for /mcp carries as `aud` (the tool server's OAUTH_RESOURCE). */
  middleTier: string;
  /** The API's Application ID URI: the only `<uri>/.default` scope the stand-in grants. */
  api: string;
}

export interface ObservedRequest {
  /** Field names of the form, sorted; and its values without the assertion and the secret. */
  fields: string[];
  shown: Record<string, string>;
  contentType: string | undefined;
  authorization: string | undefined;
}

export interface EntraStandIn {
  readonly issuer: string;
  readonly requests: ObservedRequest[];
  /** A user's access token for /mcp; `idtyp: 'app'` makes an app-only token (a service principal's). */
  userToken(sub: string, claims?: Record<string, unknown>): Promise<string>;
  /** The next on-behalf-of requests are answered this way (a 5xx, a refusal) instead. */
  failNext(status: number, body: Record<string, unknown>, times?: number): void;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

async function textOf(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

export async function startEntraStandIn({ client, middleTier, api }: EntraStandInOptions): Promise<EntraStandIn> {
  const jose = await import('jose');
  const { privateKey, publicKey } = await jose.generateKeyPair('RS256');
  const kid = 'tenant-key';
  const jwk: JWK = { ...(await jose.exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const requests: ObservedRequest[] = [];
  const failures: Array<{ status: number; body: Record<string, unknown> }> = [];
  let origin = '';
  const tenant = '/acme-tenant';
  const issuer = () => `${origin}${tenant}/v2.0`;
  const sign = (claims: Record<string, unknown>, lifetime = 3600) => {
    const now = Math.floor(Date.now() / 1000);
    return new jose.SignJWT({ ver: '2.0', tid: 'acme-tenant', iat: now, nbf: now, exp: now + lifetime, ...claims }).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey);
  };
  const refuse = (res: ServerResponse, status: number, error: string, description: string) => send(res, status, { error, error_description: description, error_codes: [50000] });

  async function onBehalfOf(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = Object.fromEntries(new URLSearchParams(await textOf(req)));
    const { assertion, client_secret: secret, ...shown } = form;
    requests.push({ fields: Object.keys(form).sort(), shown, contentType: req.headers['content-type'], authorization: req.headers.authorization });
    const failure = failures.shift();
    if (failure) return send(res, failure.status, failure.body);
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return refuse(res, 400, 'invalid_request', 'AADSTS900144: form body expected');
    if (JSON.stringify(Object.keys(form).sort()) !== JSON.stringify(OBO_FIELDS)) return refuse(res, 400, 'invalid_request', 'AADSTS900144: unexpected or missing parameters');
    if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || form.requested_token_use !== 'on_behalf_of') return refuse(res, 400, 'unsupported_grant_type', 'AADSTS70003');
    if (form.client_id !== client.id || secret !== client.secret) return refuse(res, 401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided.');
    if (form.scope !== `${api}/.default`) return refuse(res, 400, 'invalid_scope', 'AADSTS70011: The provided value for scope is not valid.');
    let user: Record<string, unknown>;
    try {
      // The assertion must be a live user token of this tenant for the app making the request.
      ({ payload: user } = await jose.jwtVerify(assertion ?? '', jose.createLocalJWKSet({ keys: [jwk] }), { issuer: issuer(), audience: middleTier }));
    } catch {
      return refuse(res, 400, 'invalid_grant', 'AADSTS50013: Assertion failed signature validation or has expired.');
    }
    if (user.idtyp === 'app') return refuse(res, 400, 'invalid_grant', 'AADSTS50013: on-behalf-of works for user principals only.');
    const token = await sign({ iss: issuer(), aud: api, sub: user.sub, oid: user.oid, azp: client.id, scp: 'orders.read' });
    send(res, 200, { token_type: 'Bearer', scope: `${api}/orders.read`, expires_in: 3599, ext_expires_in: 3599, access_token: token });
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === `${tenant}/v2.0/.well-known/openid-configuration`) {
      return send(res, 200, {
        issuer: issuer(),
        authorization_endpoint: `${origin}${tenant}/oauth2/v2.0/authorize`,
        token_endpoint: `${origin}${tenant}/oauth2/v2.0/token`,
        jwks_uri: `${origin}${tenant}/discovery/v2.0/keys`,
        response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
      });
    }
    if (req.method === 'GET' && path === `${tenant}/discovery/v2.0/keys`) return send(res, 200, { keys: [jwk] });
    if (req.method === 'POST' && path === `${tenant}/oauth2/v2.0/token`) return void onBehalfOf(req, res);
    send(res, 404, { error: 'not_found' });
  });
  const listening = await listen(server);
  origin = listening.url;
  return {
    get issuer() {
      return issuer();
    },
    requests,
    userToken: (sub, claims = {}) => sign({ iss: issuer(), aud: middleTier, sub, oid: `oid-${sub}`, azp: 'assistant-app', scp: 'orders:read', ...claims }),
    failNext(status, body, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push({ status, body });
    },
    close: () => listening.close(),
  };
}
