// The OAuth scopes an operation needs, from its security requirements (or the document's), for the
// generated tool's `scopes` line (issue 17). Only OAuth 2 and OpenID Connect requirements name scopes;
// an API key or HTTP scheme says nothing about them. Requirements are alternatives: the first OAuth one
// is taken, and the line says so.
import { SCOPE_TOKEN } from '../scaffold/scopes';

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
