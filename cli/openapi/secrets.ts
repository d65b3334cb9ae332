// Inputs that are secrets (a password, an API key, a token): an operation taking one is skipped unless
// the user passes --include-secrets, because a model would ask the user for it in the chat (issue 27).
import { mergeAllOf, type Schema } from './schema';

/** Names that say "secret", compared without case, "-" or "_": password, client_secret, apiKey, refresh_token, … */
const SECRET_NAME = /(password|passwd|passphrase|secret|apikey|privatekey|credential|(^|access|refresh|id|auth|bearer|session|api|security)token$)/;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** The secret fields of a schema (format: password, or a secret-like name), at most a few levels deep. */
export function secretFields(schema: Schema, name: string, depth = 0, seen = new Set<Schema>()): string[] {
  if (depth > 4 || seen.has(schema)) return [];
  seen.add(schema);
  const merged = mergeAllOf(schema);
  const own = merged.format === 'password' || (name !== '' && isSecretName(name) && !merged.properties) ? [name || '(body)'] : [];
  const nested = [
    ...Object.entries(merged.properties ?? {}).flatMap(([key, property]) => secretFields(property, name ? `${name}.${key}` : key, depth + 1, seen)),
    ...(merged.items ? secretFields(merged.items, name, depth + 1, seen) : []),
    ...[...(merged.oneOf ?? []), ...(merged.anyOf ?? [])].flatMap((choice) => secretFields(choice, name, depth + 1, seen)),
  ];
  return [...new Set([...own, ...nested])];
}
