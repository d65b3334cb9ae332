// The OAuth scopes an operation needs, from its security requirements (or the document's), for the
// generated tool's `scopes` line. Only OAuth 2 and OpenID Connect requirements name scopes;
// an API key or HTTP scheme says nothing about them. Requirements are alternatives: the first OAuth one
// is taken, and the line says so. Below, the tool's `credentials` line: where each API-key or HTTP
// scheme's value goes, for the server to fill (src/upstream/placement.ts).
import { SCOPE_TOKEN } from '../scaffold/scopes';
import type { CredentialPlace } from '../../src/upstream/placement';

export type SecurityRequirement = Record<string, string[] | undefined>;

export interface ToolScopes {
  scopes: string[];
  /** Where they came from, for the comment above the line. */
  note: string;
}

const OAUTH = new Set(['oauth2', 'openIdConnect']);

export function scopesFor(
  requirements: SecurityRequirement[] | undefined,
  schemes: Record<string, { type?: string } | undefined>,
  fromDocument: boolean,
): ToolScopes {
  const where = fromDocument ? "the document's security" : "the operation's security";
  const subject = `T${where.slice(1)}`;
  if (requirements === undefined) return { scopes: [], note: 'The document declares no security for this operation.' };
  if (requirements.length === 0 || requirements.every((requirement) => Object.keys(requirement).length === 0)) {
    return { scopes: [], note: `${subject} makes this operation public.` };
  }
  const isOAuth = (name: string) => OAUTH.has(schemes[name]?.type ?? '');
  const chosen = requirements.findIndex((requirement) => Object.keys(requirement).some(isOAuth));
  if (chosen < 0) {
    const names = [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))];
    return { scopes: [], note: `${subject} (${names.join(', ')}) names no OAuth scopes.` };
  }
  const requirement = requirements[chosen] ?? {};
  const oauth = Object.keys(requirement).filter(isOAuth);
  const named = [...new Set(oauth.flatMap((name) => requirement[name] ?? []))];
  const scopes = named.filter((scope) => SCOPE_TOKEN.test(scope));
  const alternatives = requirements.length > 1 ? ` (the first OAuth one of ${requirements.length} alternatives)` : '';
  const dropped = named.length > scopes.length ? '; scope names with spaces or quotes were left out' : '';
  const source = `${oauth.join(' + ')}${alternatives}${dropped}`;
  return scopes.length === 0
    ? { scopes, note: `${subject} requires ${source} without naming scopes.` }
    : { scopes, note: `OAuth scopes for MCP_AUTH=oauth, from ${where}: ${source}.` };
}

/** A security scheme as the document declares it (components.securitySchemes). */
export interface SecurityScheme {
  type?: string;
  in?: string;
  name?: string;
  scheme?: string;
}

/** One scheme of a tool's `credentials` line, as the server reads it. */
export type { CredentialPlace };

export interface ToolCredentials {
  /** Alternatives, each the schemes sent together; empty when the server has nothing to place. */
  alternatives: CredentialPlace[][];
  /** `in:name` of every parameter an API-key scheme fills (header names lower-case): never inputs. */
  parameters: Set<string>;
}

const API_KEY_IN = new Set(['query', 'header', 'cookie']);

/** The place of one scheme, or undefined for one the server cannot fill (mutual TLS, HTTP digest). */
function placeOf(name: string, scheme: SecurityScheme | undefined): CredentialPlace | undefined {
  if (scheme?.type === 'apiKey' && API_KEY_IN.has(scheme.in ?? '') && scheme.name) {
    return { scheme: name, type: 'apiKey', in: scheme.in as 'query' | 'header' | 'cookie', name: scheme.name };
  }
  const http = scheme?.scheme?.toLowerCase();
  if (scheme?.type === 'http' && (http === 'basic' || http === 'bearer')) return { scheme: name, type: http };
  return scheme?.type !== undefined && OAUTH.has(scheme.type) ? { scheme: name, type: 'oauth2' } : undefined;
}

/** `in:name` of a parameter, as credentials and parameters are matched (headers without case). */
export const parameterKey = (where: string, name: string) => `${where}:${where === 'header' ? name.toLowerCase() : name}`;

/**
 * The credentials of an operation: its requirements (or the document's), each scheme's place. A parameter
 * the document also declares for an API-key scheme of its own (a `key` query parameter beside a `key`
 * scheme) is that credential, whatever the operation's requirements say.
 */
export function credentialsFor(
  requirements: SecurityRequirement[] | undefined,
  schemes: Record<string, SecurityScheme | undefined>,
  declared: readonly { in: string; name: string }[],
): ToolCredentials {
  const alternatives = (requirements ?? [])
    .map((requirement) => Object.keys(requirement).flatMap((name) => placeOf(name, schemes[name]) ?? []))
    .filter((alternative) => alternative.length > 0);
  const keys = Object.entries(schemes).flatMap(([name, scheme]) => {
    const place = placeOf(name, scheme);
    return place?.type === 'apiKey' ? [place] : [];
  });
  const named = new Set(alternatives.flat().map((place) => place.scheme));
  for (const parameter of declared) {
    const scheme = keys.find((place) => place.type === 'apiKey' && parameterKey(place.in, place.name) === parameterKey(parameter.in, parameter.name));
    if (scheme === undefined || named.has(scheme.scheme)) continue;
    alternatives.push([scheme]);
    named.add(scheme.scheme);
  }
  const parameters = new Set(alternatives.flat().flatMap((place) => (place.type === 'apiKey' ? [parameterKey(place.in, place.name)] : [])));
  // An OAuth-only operation needs nothing placed: the caller's Authorization is forwarded as it is.
  return alternatives.flat().every((place) => place.type === 'oauth2') ? { alternatives: [], parameters } : { alternatives, parameters };
}
