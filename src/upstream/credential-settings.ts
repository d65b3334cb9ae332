// UPSTREAM_CREDENTIALS: values the server places itself, for an API where one company key serves every
// user (and, on /mcp in oauth mode, the only way an API-key API gets its key): a JSON object of a
// security scheme's name (or an account parameter's) to its value. Never logged, never repeated in a problem.
import { z } from 'zod';

/** Visible ASCII, spaces and tabs inside: a value placed in a header, a query or a cookie, on one line. */
const VALUE = /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$/;

/** UPSTREAM_CREDENTIALS: `{"api_key":"…","api_token":"…"}`, frozen. Names are the document's, kept as written. */
export const upstreamCredentials = z.string().transform((value, ctx): Readonly<Record<string, string>> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length === 0) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON object of security scheme name to value, e.g. {"api_key":"<key>"}' });
    return z.NEVER;
  }
  const problems: string[] = [];
  for (const [name, item] of Object.entries(parsed)) {
    // The names are repeated (they are the document's scheme names), the values never.
    if (name.trim() === '') problems.push('a name is empty');
    else if (typeof item !== 'string' || !VALUE.test(item)) problems.push(`the value of ${JSON.stringify(name)} must be one line of visible ASCII text`);
  }
  if (problems.length > 0) {
    ctx.addIssue({ code: 'custom', message: problems.join('; ') });
    return z.NEVER;
  }
  return Object.freeze({ ...(parsed as Record<string, string>) });
});
