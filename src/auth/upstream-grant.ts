// One token request at the authorization server's token endpoint, for the customer's API:
// RFC 8693 token exchange, client credentials, or Microsoft Entra ID's on-behalf-of request, through
// oauth4webapi, under the upstream deadline. Every failure becomes one of ./errors, classified once here:
// the user's token refused, this server's client refused, or the server unavailable.
import type * as OAuth from 'oauth4webapi' with { 'resolution-mode': 'import' };
import { UpstreamAuthExpiredError, UpstreamAuthRefusedError, UpstreamAuthUnavailableError, type UpstreamGrant } from './errors';

export const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
/** Entra's on-behalf-of request is RFC 7523's JWT bearer grant with `requested_token_use=on_behalf_of`. */
export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

export interface GrantClient {
  /**
   * The issuer's metadata (only `issuer`, `token_endpoint` and its auth methods are used), or a reader of
   * it while discovery may still be under way (src/auth/discovery.ts: undefined until the server answered).
   */
  readonly issuer: OAuth.AuthorizationServer | (() => OAuth.AuthorizationServer | undefined);
  /** OAUTH_CLIENT_ID / OAUTH_CLIENT_SECRET: this server's confidential client. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** Deadline of one request, connect to last byte (the upstream timeout, UPSTREAM_TIMEOUT_MS). */
  readonly timeoutMs: number;
  /** An http:// token endpoint is refused unless this is set (outside production only). */
  readonly allowHttp?: boolean;
}

export interface GrantedToken {
  readonly accessToken: string;
  /** Seconds, from `expires_in`; undefined when the server did not say. */
  readonly expiresIn: number | undefined;
}

/**
 * The server's client authentication: client_secret_basic unless the server lists only client_secret_post
 * (RFC 8414: basic is the default when the metadata says nothing). On-behalf-of: client_id and
 * client_secret in the body, as Entra's protocol page documents the request.
 */
function clientAuth(oauth: typeof OAuth, client: GrantClient, as: OAuth.AuthorizationServer, grant: UpstreamGrant): OAuth.ClientAuth {
  if (grant === 'on-behalf-of') return oauth.ClientSecretPost(client.clientSecret);
  const methods = as.token_endpoint_auth_methods_supported;
  const postOnly = methods !== undefined && !methods.includes('client_secret_basic') && methods.includes('client_secret_post');
  return postOnly ? oauth.ClientSecretPost(client.clientSecret) : oauth.ClientSecretBasic(client.clientSecret);
}

/** oauth4webapi (an ES module), loaded on the first grant: a server in MCP_AUTH=headers mode never loads it. */
let loaded: Promise<typeof OAuth> | undefined;
function oauthLibrary(): Promise<typeof OAuth> {
  return (loaded ??= import('oauth4webapi'));
}

/**
 * OAuth errors that mean this server's request is wrong (its client, its grant, its audience): the
 * operator's to fix. Any other 4xx of an exchange (or an on-behalf-of request: Entra answers an expired or
 * revoked assertion with invalid_grant) means the client's token is no longer good.
 */
const CLIENT_PROBLEMS = new Set(['invalid_client', 'unauthorized_client', 'unsupported_grant_type', 'invalid_target', 'invalid_scope']);

/** The status of the Response oauth4webapi keeps as the cause of a non-conform answer. */
function statusOf(response: unknown): number | undefined {
  const status = (response as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}

function classify(oauth: typeof OAuth, grant: UpstreamGrant, error: unknown): Error {
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.WWWAuthenticateChallengeError) {
    const status = error.status;
    const code = error instanceof oauth.ResponseBodyError ? error.error : error.cause[0]?.parameters.error;
    if (status === 429) return new UpstreamAuthUnavailableError(grant, 'status', status, { cause: error });
    if (grant !== 'client-credentials' && (code === undefined || !CLIENT_PROBLEMS.has(code))) {
      return new UpstreamAuthExpiredError(code, status, { cause: error, grant });
    }
    return new UpstreamAuthRefusedError(grant, code, status, { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError && error.code === oauth.RESPONSE_IS_NOT_CONFORM) {
    const status = statusOf(error.cause);
    // A 4xx without an OAuth error body still says no to this request; 5xx and the rest: try again later.
    if (status !== undefined && status >= 400 && status < 500 && status !== 429) {
      return grant !== 'client-credentials'
        ? new UpstreamAuthExpiredError(undefined, status, { cause: error, grant })
        : new UpstreamAuthRefusedError(grant, undefined, status, { cause: error });
    }
    return new UpstreamAuthUnavailableError(grant, 'status', status, { cause: error });
  }
  // By name, not instanceof: fetch's errors may come from another realm (a test sandbox, a bundler).
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new UpstreamAuthUnavailableError(grant, 'timeout', undefined, { cause: error });
  }
  if (name === 'TypeError' && message === 'fetch failed') {
    return new UpstreamAuthUnavailableError(grant, 'network', undefined, { cause: error });
  }
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    return new UpstreamAuthUnavailableError(grant, 'bad-answer', undefined, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Sends one grant request and reads the token response; rejects with an UpstreamAuthError (or a bug).
 * `parameters` are the grant's own (subject_token, audience, resource...).
 */
export async function requestToken(client: GrantClient, grant: UpstreamGrant, parameters: Record<string, string>): Promise<GrantedToken> {
  const oauth = await oauthLibrary();
  const as = typeof client.issuer === 'function' ? client.issuer() : client.issuer;
  if (as === undefined) throw new UpstreamAuthUnavailableError(grant, 'undiscovered', undefined);
  const oauthClient: OAuth.Client = { client_id: client.clientId };
  const options = { signal: AbortSignal.timeout(client.timeoutMs), [oauth.allowInsecureRequests]: client.allowHttp === true };
  const auth = clientAuth(oauth, client, as, grant);
  try {
    const response =
      grant === 'client-credentials'
        ? await oauth.clientCredentialsGrantRequest(as, oauthClient, auth, parameters, options)
        : await oauth.genericTokenEndpointRequest(as, oauthClient, auth, grant === 'token-exchange' ? TOKEN_EXCHANGE : JWT_BEARER, parameters, options);
    const body =
      grant === 'client-credentials'
        ? await oauth.processClientCredentialsResponse(as, oauthClient, response)
        : await oauth.processGenericTokenEndpointResponse(as, oauthClient, response);
    return { accessToken: body.access_token, expiresIn: body.expires_in };
  } catch (error) {
    throw classify(oauth, grant, error);
  }
}
