// Credentials out of the API's words: an API may echo what it was sent ("Invalid credentials: Bearer eyJ…")
// in the reason that reaches the model and the debug log. Every credential a request carried
// (Authorization and its token, Cookie and each cookie, custom auth headers, a token made on /mcp) and
// anything shaped like a bearer token or a JWT is replaced with a marker before a reason is kept.

export const REDACTED = '[redacted]';

/** Headers a request carries that are not credentials; every other header it carried is treated as one. */
const NOT_CREDENTIALS: ReadonlySet<string> = new Set(['accept', 'user-agent', 'content-type', 'x-request-id', 'x-tenant-id', 'traceparent', 'tracestate']);

/** Shorter values are searched for as whole words only (a cookie `lang=en` must not blank every "en"). */
const ANYWHERE = 8;
/** Shorter still: not searched for at all (`1`, `on`: no credential, and everywhere in text). */
const SHORTEST = 4;

/** A JWT (header `eyJ…`), and a credential after an auth scheme or a credential-like key (`token=…`, `api_key: …`). */
const JWT = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g;
const AFTER_SCHEME = /\b(Bearer|Basic|Token|Digest|ApiKey)(\s+)([\w.~+/=-]{8,})/gi;
const AFTER_KEY = /\b((?:access|refresh|id|auth|bearer)?[_-]?token|api[_-]?key|(?:client[_-]?)?secret|password|passwd|session(?:[_-]?id)?)(\s*[=:]\s*)([^\s"',;&)]{6,})/gi;
/** A value "looks like" a credential when it holds a digit, or is long: `hunter2`, `eyJ…`, not `expired`. */
const looksSecret = (value: string) => /\d/.test(value) || value.length >= 20 || value === REDACTED;

export type Redact = (text: string) => string;

/** Whether a header a request sent counts as a credential: every one but the few known not to be. */
export const isCredentialHeader = (name: string): boolean => !NOT_CREDENTIALS.has(name);

/** True when `headers` (what a request sent) carry any credential: an Authorization, a cookie, a custom auth header. */
export function carriesCredentials(headers: Readonly<Record<string, string>>): boolean {
  for (const name in headers) if (!NOT_CREDENTIALS.has(name) && headers[name] !== '') return true;
  return false;
}

/** Each credential in `headers`, whole and in its parts (a scheme's token, each cookie and its value), longest first. */
export function credentialValues(headers: Readonly<Record<string, string>>): string[] {
  const found = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (NOT_CREDENTIALS.has(name)) continue;
    found.add(value.trim());
    const scheme = /^[\w-]+\s+(\S+)$/.exec(value.trim());
    if (scheme) {
      found.add(scheme[1]!);
      if (/^basic\s/i.test(value)) {
        const decoded = Buffer.from(scheme[1]!, 'base64').toString('utf8');
        found.add(decoded);
        found.add(decoded.slice(decoded.indexOf(':') + 1));
      }
    }
    if (name === 'cookie') {
      for (const pair of value.split(';')) {
        const equals = pair.indexOf('=');
        found.add(pair.trim());
        if (equals > 0) found.add(pair.slice(equals + 1).trim());
      }
    }
  }
  return [...found].filter((value) => value.length >= SHORTEST).sort((a, b) => b.length - a.length);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` without the exact values in `values` (see credentialValues); token-shaped strings stay. */
export function withoutValues(text: string, values: readonly string[]): string {
  let out = text;
  for (const value of values) {
    if (!out.includes(value)) continue;
    out =
      value.length >= ANYWHERE
        ? out.split(value).join(REDACTED)
        : out.replace(new RegExp(`(?<![\\w-])${escaped(value)}(?![\\w-])`, 'g'), REDACTED);
  }
  return out;
}

/** `text` without the credentials in `values` (see credentialValues) and without token-shaped strings. */
export function withoutCredentials(text: string, values: readonly string[]): string {
  return withoutValues(text, values)
    .replace(JWT, REDACTED)
    .replace(AFTER_SCHEME, (all, scheme: string, space: string, token: string) => (looksSecret(token) ? `${scheme}${space}${REDACTED}` : all))
    .replace(AFTER_KEY, (all, key: string, sep: string, token: string) => (looksSecret(token) ? `${key}${sep}${REDACTED}` : all));
}

/** The redaction for one request, from the headers it carried: their values are gathered on first use only. */
export function redactorFor(headers: Readonly<Record<string, string>> | undefined): Redact {
  let values: string[] | undefined;
  return (text) => withoutCredentials(text, (values ??= headers === undefined ? [] : credentialValues(headers)));
}
