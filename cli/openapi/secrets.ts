// Inputs that are secrets (a password, an API key, a token): an operation taking one is skipped unless
// the user passes --include-secrets, because a model would ask the user for it in the chat.
// Each field is judged by its own name and type, not by the path to it: `CredentialListSid` is an id,
// `require_password_for_instant_meetings` and `is_password_reset_required` are settings, not secrets.
import { mergeAllOf, typesOf, type Schema } from './schema';

/** Names that say "secret", compared without case, "-" or "_": password, client_secret, apiKey, refresh_token, … */
const SECRET_NAME = /(password|passwd|passphrase|secret|apikey|privatekey|credential|(^|access|refresh|id|auth|bearer|session|api|security)token$)/;

/** A last word that makes the field about a secret, not the secret: an id, a flag, a rule, a length, a date. */
const NOT_A_SECRET = new Set(
  ('id ids sid sids uuid key_id type types kind name names required enabled disabled allowed policy policies rule rules ' +
    'length count expires expiry expiration expired at date time url uri hint changed reset set status mode format')
    .split(' '),
);

/** The words of a field name: `CredentialListSid` → credential, list, sid; `is_password_reset_required` → …, required. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

export const isSecretName = (name: string): boolean => {
  const words = wordsOf(name);
  if (NOT_A_SECRET.has(words.at(-1) ?? '') || words[0] === 'is' || words[0] === 'has' || words[0] === 'require') return false;
  return SECRET_NAME.test(name.toLowerCase().replace(/[^a-z0-9]/g, ''));
};

/** A secret is a string: a boolean, a number or an enum of fixed words says something about one, never is one. */
function couldHoldSecret(schema: Schema): boolean {
  const { types } = typesOf(schema);
  if (schema.enum !== undefined || schema.const !== undefined) return false;
  return types.length === 0 || types.includes('string') || (types.includes('array') && schema.items !== undefined && couldHoldSecret(mergeAllOf(schema.items)));
}

/** A field that holds a secret: `format: password`, or a secret-like name on a string. */
export const isSecretField = (name: string, schema: Schema): boolean => schema.format === 'password' || (name !== '' && isSecretName(name) && couldHoldSecret(mergeAllOf(schema)));

/** The secret fields of a schema (format: password, or a secret-like name), at most a few levels deep; `path` is how they are reported. */
export function secretFields(schema: Schema, path: string, depth = 0, seen = new Set<Schema>(), field = path): string[] {
  if (depth > 4 || seen.has(schema)) return [];
  seen.add(schema);
  const merged = mergeAllOf(schema);
  const own = !merged.properties && isSecretField(field, merged) ? [path || '(body)'] : [];
  const nested = [
    ...Object.entries(merged.properties ?? {}).flatMap(([key, property]) => secretFields(property, path ? `${path}.${key}` : key, depth + 1, seen, key)),
    ...(merged.items ? secretFields(merged.items, path, depth + 1, seen, field) : []),
    ...[...(merged.oneOf ?? []), ...(merged.anyOf ?? [])].flatMap((choice) => secretFields(choice, path, depth + 1, seen, field)),
  ];
  return [...new Set([...own, ...nested])];
}
