// A small enterprise IdP of the tests' own, as a company's Okta or Entra ID plays it in Enterprise-Managed
// Authorization: a jose key pair, its JWKS and metadata over node:http on loopback, ID tokens for its users,
// and an RFC 8693 token endpoint that turns an ID token into an ID-JAG (typ oauth-id-jag+jwt) for the MCP
// authorization server named by `audience`, with the client_id the MCP client has there. `sign` forges
// assertions (wrong audience, expired, other key...) for the refusal tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { JWK, JWTPayload } from 'jose' with { 'resolution-mode': 'import' };
import { listen } from '../../src/http/listen';

export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_JAG_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id-jag';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';

/** An MCP client as registered at the IdP for single sign-on, and its client_id at the MCP authorization server. */
export interface IdpClient {
  secret: string;
  /** What the IdP writes as the ID-JAG's client_id (the mapping an administrator configures). */
  clientIdAtServer: string;
}

export interface EnterpriseIdpServer {
  readonly issuer: string;
  readonly jwksUrl: string;
  /** The form of every token exchange received, in order (subject_token and client_secret left out). */
  readonly exchanges: Record<string, string>[];
  /** An ID token for `sub`, issued to the IdP client `clientId` (its `aud`), as after the user's SSO. */
  idToken(sub: string, clientId: string): Promise<string>;
  /** Signs any claims with the IdP's key (or a key it does not publish), typ oauth-id-jag+jwt unless told. */
  sign(claims: JWTPayload, options?: { typ?: string; unpublishedKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

type Form = Record<string, string>;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

async function formOf(req: IncomingMessage): Promise<Form> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return Object.fromEntries(new URLSearchParams(text));
}

export async function startEnterpriseIdp(clients: Readonly<Record<string, IdpClient>>): Promise<EnterpriseIdpServer> {
  const jose = await import('jose');
  const kid = 'idp-key-1';
  const pair = await jose.generateKeyPair('RS256', { extractable: true });
  const stranger = await jose.generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await jose.exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const exchanges: Form[] = [];
  let issuer = '';

  const sign = (claims: JWTPayload, { typ = 'oauth-id-jag+jwt', unpublishedKey = false }: { typ?: string; unpublishedKey?: boolean } = {}) =>
    new jose.SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, typ }).sign(unpublishedKey ? stranger.privateKey : pair.privateKey);

  /** RFC 8693 §2.1 as the extension's §4 profiles it: an ID token in, an ID-JAG out, for the client that signed in. */
  async function exchange(form: Form, res: ServerResponse): Promise<void> {
    const { subject_token: subjectToken, client_secret: _secret, ...shown } = form;
    exchanges.push(shown);
    const client = clients[form.client_id ?? ''];
    if (client === undefined || client.secret !== form.client_secret) return send(res, 401, { error: 'invalid_client' });
    if (form.grant_type !== TOKEN_EXCHANGE) return send(res, 400, { error: 'unsupported_grant_type' });
    if (form.requested_token_type !== ID_JAG_TOKEN_TYPE || form.subject_token_type !== ID_TOKEN_TYPE) return send(res, 400, { error: 'invalid_request' });
    if (!form.audience || !form.resource) return send(res, 400, { error: 'invalid_target' });
    let sub: string;
    try {
      // §4.1: the ID token must be this IdP's and issued to the client making the request.
      const { payload } = await jose.jwtVerify(subjectToken ?? '', jose.createLocalJWKSet({ keys: [publicJwk] }), { issuer, audience: form.client_id! });
      sub = payload.sub!;
    } catch {
      return send(res, 400, { error: 'invalid_grant', error_description: 'the ID token is not valid' });
    }
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = { iss: issuer, sub, aud: form.audience, resource: form.resource, client_id: client.clientIdAtServer, jti: randomUUID(), iat: now, exp: now + 300 };
    if (form.scope) claims.scope = form.scope;
    send(res, 200, { issued_token_type: ID_JAG_TOKEN_TYPE, access_token: await sign(claims), token_type: 'N_A', scope: form.scope, expires_in: 300 });
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/jwks') return send(res, 200, { keys: [publicJwk] });
    if (req.method === 'GET' && path === '/.well-known/oauth-authorization-server') {
      // RFC 8414's required fields; the sign-in page itself is not served: `idToken` stands for the user's SSO.
      const metadata = { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'] };
      return send(res, 200, { ...metadata, grant_types_supported: ['authorization_code', TOKEN_EXCHANGE] });
    }
    if (req.method === 'POST' && path === '/token') return void formOf(req).then((form) => exchange(form, res));
    send(res, 404, { error: 'not_found' });
  });
  const listening = await listen(server);
  issuer = listening.url;
  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    exchanges,
    async idToken(sub, clientId) {
      const now = Math.floor(Date.now() / 1000);
      return new jose.SignJWT({ sub, aud: clientId, iss: issuer, iat: now, exp: now + 600 }).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(pair.privateKey);
    },
    sign,
    close: () => listening.close(),
  };
}
