// Optional secret inputs (a `client_secret` query parameter, a `token` property of a body) are left out
// of a tool's input, the operation kept and a note written for review; a required one still makes the
// operation need review (issue 33). --include-secrets keeps them as inputs.
import { isSecretName } from './secrets';
import { mergeAllOf, type Schema } from './schema';

const isSecret = (name: string, schema: Schema) => isSecretName(name) || schema.format === 'password';

/** The schema without its optional secret properties (at any depth), and their dotted names. */
export function withoutOptionalSecrets(schema: Schema, prefix = '', seen = new Set<Schema>()): { schema: Schema; dropped: string[] } {
  if (seen.has(schema)) return { schema, dropped: [] };
  const merged = mergeAllOf(schema);
  if (!merged.properties) return { schema, dropped: [] };
  const inner = new Set(seen).add(schema);
  const required = new Set(merged.required ?? []);
  const dropped: string[] = [];
  const properties: Record<string, Schema> = {};
  for (const [name, property] of Object.entries(merged.properties)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (!required.has(name) && isSecret(name, property)) {
      dropped.push(path);
      continue;
    }
    const nested = withoutOptionalSecrets(property, path, inner);
    dropped.push(...nested.dropped);
    properties[name] = nested.schema;
  }
  return dropped.length === 0 ? { schema, dropped } : { schema: { ...merged, properties }, dropped };
}
