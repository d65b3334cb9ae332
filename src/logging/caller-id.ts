// The check for ids a caller chooses (X-User-Id, X-Request-Id) before they are logged or forwarded:
// printable ASCII without spaces, 1 to 128 characters. Enough for UUIDs, e-mail addresses, `auth0|123`
// and trace ids; not enough to smuggle a payload or forge a log line.
const SAFE_ID = /^[\x21-\x7e]{1,128}$/;

export function isSafeId(value: string): boolean {
  return SAFE_ID.test(value);
}
