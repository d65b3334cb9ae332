// Checks for the pre-serialized parts a tool may hand ctx.api (an OpenAPI style already applied, see
// src/tools/openapi-params.ts): a path segment, a query string, extra headers. Each must stay what it claims
// to be: one segment, one query, plain header lines. Nothing here runs for a call that does not use them.
import { InvalidUpstreamRequestError } from './errors';

/** RFC 3986 `pchar`s, percent-escapes whole. */
const SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/;
/** A query: pchars, "/" and "?", plus "[", "]" and "|", which the OpenAPI style table writes unencoded. */
const SEARCH = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?[\]|]|%[0-9A-Fa-f]{2})*$/;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a header value may not hold (undici refuses these too): line breaks, other controls, characters beyond Latin-1. */
export const NOT_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/;

/** The sentence for the model when an argument sent as a header has such a character (name the input). */
export function headerValueRefused(input: string): InvalidUpstreamRequestError {
  return new InvalidUpstreamRequestError(
    `Refused the value of ${input}: a header value with a line break or another character a header cannot carry`,
    `The value given for ${input} cannot be sent: it contains a line break or another character a header cannot carry. Please give it on one line, as plain text.`,
  );
}
/** Headers the client or the connection owns; a tool cannot set them. */
const OWNED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer', 'accept', 'content-type']);

/** An already-encoded value for one `:name` segment: refused if it could leave its segment. */
export function checkEncodedSegment(value: string, what: string): string {
  if (!SEGMENT.test(value) || /^(?:\.|%2e){1,2}$/i.test(value)) {
    throw new InvalidUpstreamRequestError(
      `Refused encoded path parameter ${what}=${JSON.stringify(value)}: it must be one percent-encoded path segment`,
      `The value given for ${what} is not valid here. Please check it and try again.`,
    );
  }
  return value;
}

/** A pre-serialized query (without "?"), joined to what `query` built. */
export function joinSearch(built: string, search: string | undefined): string {
  if (search === undefined || search === '') return built;
  if (!SEARCH.test(search)) throw new InvalidUpstreamRequestError('Refused a pre-serialized query: it must be percent-encoded, without "#" or spaces');
  return built === '' ? `?${search}` : `${built}&${search}`;
}

/** Extra request headers (e.g. an OpenAPI header parameter); the call's forwarded credentials are added over them. */
export function checkExtraHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (!TOKEN.test(name) || OWNED.has(lower) || lower.startsWith('proxy-')) {
      throw new InvalidUpstreamRequestError(`Refused the extra header ${JSON.stringify(name)}: not a header name a tool may set`);
    }
    // A value usually comes from the model's arguments: the result names the header it was meant for.
    if (NOT_IN_HEADER.test(value)) throw headerValueRefused(`the ${name} header`);
    out[lower] = value;
  }
  return out;
}
