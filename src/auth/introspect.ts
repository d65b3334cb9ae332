// An opaque access token checked by RFC 7662 introspection at the issuer, authenticated as this server's
// client (oauth4webapi): active, issued by our issuer when it says so, and for our resource.
import { libraries, type AuthorizationServer, type IntrospectionResponse } from './libraries';
import { principalOf, subjectTagOf } from './principal-of';
import { invalid, unavailable, type Verdict } from './verdict';

export interface IntrospectionClient {
  id: string;
  secret: string;
  allowInsecureRequests: boolean;
}

/** `resources`: OAUTH_RESOURCE and its aliases (src/auth/resource-aliases.ts). */
function audienceIncludes(aud: string | string[] | undefined, resources: readonly string[]): boolean {
  return Array.isArray(aud) ? aud.some((item) => resources.includes(item)) : aud !== undefined && resources.includes(aud);
}

export async function introspect(
  token: string,
  tokenKey: string,
  as: AuthorizationServer,
  client: IntrospectionClient,
  resources: readonly string[],
): Promise<Verdict> {
  const resource = resources[0]!;
  if (as.introspection_endpoint === undefined) return invalid('not a JWT, and the authorization server offers no introspection');
  let answer: IntrospectionResponse;
  try {
    const { oauth } = await libraries();
    const response = await oauth.introspectionRequest(as, { client_id: client.id }, oauth.ClientSecretBasic(client.secret), token, {
      [oauth.allowInsecureRequests]: client.allowInsecureRequests,
      signal: AbortSignal.timeout(5_000),
    });
    answer = await oauth.processIntrospectionResponse(as, { client_id: client.id }, response);
  } catch (error) {
    return unavailable(`introspection failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!answer.active) return invalid('introspection: not active (unknown, expired or revoked at the issuer)');
  // The audience is a MUST for a protected resource (RFC 8707): a token that names none is not for us.
  // The authorization server vouches for an active token's subject (of its own issuer): its hash goes on the refusal's line.
  const ours = answer.iss === undefined || answer.iss === as.issuer;
  const tag = ours && typeof answer.sub === 'string' && answer.sub !== '' ? subjectTagOf(as.issuer, answer.sub) : undefined;
  if (!audienceIncludes(answer.aud, resources)) return invalid(`audience: does not include ${resource}`, tag);
  if (!ours) return invalid(`issuer: not ${as.issuer}`);
  const now = Date.now() / 1000;
  if (answer.nbf !== undefined && answer.nbf > now + 30) return invalid(`not valid for another ${Math.ceil(answer.nbf - now)} s (nbf)`, tag);
  if (answer.exp !== undefined && answer.exp <= now) return invalid(`expired ${Math.ceil(now - answer.exp)} s ago`, tag);
  const principal = principalOf(answer, as.issuer, token, tokenKey);
  return principal ? { ok: true, principal } : invalid('claim sub: missing');
}
