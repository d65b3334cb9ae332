// Optional secret inputs (a `client_secret` query parameter, a `token` property of a body) are left out
// of a tool's input, the operation kept and a note written for review; a required one still makes the
// operation need review. --include-secrets keeps them as inputs.
import { mergeAllOf, type Schema } from './schema';
import { isSecretField } from './secrets';

/** The schema without its optional secret properties (at any depth), and their dotted names. */
export function withoutOptionalSecrets(schema: Schema, prefix = '', seen = new Set<Schema>()): { schema: Schema; dropped: string[] } {
  if (seen.has(schema)) return { schema, dropped: [] };
  const merged = mergeAllOf(schema);
  const inner = new Set(seen).add(schema);
  // Zoom's settings body is a oneOf of three objects: each choice loses its optional secrets alike.
  const choiceKey = merged.oneOf ? 'oneOf' : merged.anyOf ? 'anyOf' : undefined;
  if (!merged.properties && choiceKey) {
    const choices = (merged[choiceKey] ?? []).map((choice) => withoutOptionalSecrets(choice, prefix, inner));
    const dropped = [...new Set(choices.flatMap((choice) => choice.dropped))];
    return dropped.length === 0 ? { schema, dropped } : { schema: { ...merged, [choiceKey]: choices.map((choice) => choice.schema) }, dropped };
  }
  if (!merged.properties) return { schema, dropped: [] };
  const required = new Set(merged.required ?? []);
  const dropped: string[] = [];
  const properties: Record<string, Schema> = {};
  for (const [name, property] of Object.entries(merged.properties)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (!required.has(name) && isSecretField(name, property)) {
      dropped.push(path);
      continue;
    }
    const nested = withoutOptionalSecrets(property, path, inner);
    dropped.push(...nested.dropped);
    properties[name] = nested.schema;
  }
  return dropped.length === 0 ? { schema, dropped } : { schema: { ...merged, properties }, dropped };
}
