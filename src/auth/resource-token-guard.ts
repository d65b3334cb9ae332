// The hub's lane forwards the caller's credentials unchanged and validates nothing (DESIGN.md, trust
// model). In oauth mode one kind is kept back: a token made for this server's /mcp (its `aud` holds
// OAUTH_RESOURCE or an alias), which a client signed in on /mcp may send to /messages too. Passing it on
// would hand the customer's API a token made for another audience (MCP 2025-06-18: no token passthrough).
// A structural check, not a verification: a JWT payload naming one of /mcp's URLs in `aud`. Opaque tokens
// cannot be told apart without asking the authorization server, which this lane never does.
import type { ForwardedHeaders } from '../upstream/credentials';
import { McpTokenForwardError } from './errors';

/**
 * The base64url text of `needle` at each of the three byte alignments it can have in a JWT payload,
 * without the characters at either end that also encode a neighbouring byte.
 */
function base64urlForms(needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  return [0, 1, 2].map((shift) => {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64url');
    const first = Math.ceil((8 * shift) / 6);
    const last = Math.floor((8 * (shift + bytes.length) - 6) / 6);
    return encoded.slice(first, last + 1);
  });
}

/** The longest part of a URL without `/`, which JSON may write as `\/`. */
const longestRun = (text: string) => text.split('/').reduce((longest, run) => (run.length > longest.length ? run : longest), '');

/**
 * What to search for: the longest slash-free run every name ends with (`:3000` for the loopback names of
 * http://127.0.0.1:3000/mcp), so there are three searches whatever the number of aliases; else each name's.
 */
function needlesOf(names: readonly string[]): string[] {
  let suffix = names[0]!;
  for (const name of names) while (!name.endsWith(suffix)) suffix = suffix.slice(1);
  const shared = longestRun(suffix);
  const runs = shared.length >= 4 ? [shared] : [...new Set(names.map(longestRun))];
  return runs.flatMap(base64urlForms).filter((form) => form.length > 0);
}

function audienceOf(payload: string): unknown {
  try {
    return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown }).aud;
  } catch {
    return undefined;
  }
}

/**
 * Returns the hook the hub's lane passes its forwarded headers through: it throws McpTokenForwardError
 * for a bearer JWT whose `aud` holds one of `names` (OAUTH_RESOURCE first, then its aliases), and returns
 * the headers as they are otherwise. An ordinary JWT costs three substring searches (1-2 µs for 1 KB, about
 * 2 % of a call on this lane); an opaque token one search for a dot; only a payload that contains the
 * needle is decoded. Nothing is logged, nothing is kept.
 */
export function createResourceTokenGuard(names: readonly string[]): (forwarded: ForwardedHeaders) => ForwardedHeaders {
  const needles = needlesOf(names);
  const ours = new Set(names);
  const isOurs = (aud: unknown) => (typeof aud === 'string' ? ours.has(aud) : Array.isArray(aud) && aud.some((item) => ours.has(item as string)));

  return function refuseMcpTokens(forwarded) {
    const authorization = forwarded.authorization;
    if (authorization === undefined) return forwarded;
    const start = authorization.indexOf('.');
    if (start === -1) return forwarded;
    const end = authorization.indexOf('.', start + 1);
    if (end === -1 || !needles.some((needle) => authorization.indexOf(needle, start) !== -1)) return forwarded;
    if (isOurs(audienceOf(authorization.slice(start + 1, end)))) throw new McpTokenForwardError(names[0]!);
    return forwarded;
  };
}
