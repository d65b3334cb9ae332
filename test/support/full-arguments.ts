// Arguments for EVERY input of a generated tool, optional ones included, nested objects filled and lists
// of two: what a model may send, to check that it reaches the API as the API's own parser reads it
// (test/cli/openapi-real-apis.test.ts). Leaves come from the generator's own sample().
import type { Operation } from '../../cli/openapi/operations';
import { sample } from '../../cli/openapi/sample';
import { mergeAllOf, typesOf, writableProperties, type Schema } from '../../cli/openapi/schema';

/** Deeper than this, a value is left out: qs reads five levels of brackets by default. */
const MAX_DEPTH = 4;

/** A string with what percent-encoding and bracket notation must survive: spaces, `&`, `=`, brackets, `+`, non-ASCII. */
const TRICKY = 'São Paulo & Co [1]=a+b';

function plainString(schema: Schema): boolean {
  const plain = typesOf(schema).types[0] === 'string' && !schema.enum && schema.const === undefined && !schema.pattern && !schema.format;
  return plain && (schema.maxLength ?? Infinity) >= TRICKY.length + 2 && (schema.minLength ?? 0) <= TRICKY.length;
}

export function fullSample(schema: Schema, depth = 0, seen = new Set<Schema>()): unknown {
  const merged = mergeAllOf(schema);
  if (seen.has(schema) || depth > MAX_DEPTH) return undefined;
  const inner = new Set(seen).add(schema);
  if (merged.const !== undefined) return merged.const;
  if (merged.enum && merged.enum.length > 0) return merged.enum.find((value) => value !== null && value !== '') ?? sample(merged);
  const choices = [...(merged.oneOf ?? []), ...(merged.anyOf ?? [])];
  if (choices.length > 0) {
    // The richest choice: an object or a list before a string (Stripe's anyOf [object, enum [""]]).
    const rich = choices.find((choice) => ['object', 'array'].includes(typesOf(mergeAllOf(choice)).types[0] ?? '')) ?? choices[0]!;
    return fullSample(rich, depth, inner);
  }
  const { types } = typesOf(merged);
  if (types[0] === 'array') {
    const items = merged.items ?? { type: 'string' };
    const count = Math.min(2, merged.maxItems ?? 2);
    const list = Array.from({ length: count }, (_, index) => (plainString(mergeAllOf(items)) ? `${TRICKY} ${index}` : fullSample(items, depth + 1, inner)));
    return list.some((item) => item === undefined) ? undefined : list;
  }
  if (types[0] === 'object') {
    const properties = writableProperties(merged);
    if (properties.length === 0) {
      const extra = typeof merged.additionalProperties === 'object' ? merged.additionalProperties : { type: 'string' };
      const value = fullSample(extra, depth + 1, inner);
      return value === undefined ? undefined : { key_a: value, key_b: value };
    }
    // Past the depth, a required field still gets the smallest valid value (HubSpot cards' display.properties[].options).
    const required = new Set(merged.required ?? []);
    const entries = properties
      .map(([name, property]) => [name, fullSample(property, depth + 1, inner) ?? (required.has(name) ? sample(property) : undefined)] as const)
      .filter(([, value]) => value !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  if (plainString(merged)) return TRICKY;
  const value = sample(merged);
  return value === null ? undefined : value;
}

/** Every parameter and the body, keyed as the tool's input. */
export function fullArguments(op: Operation): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const parameter of op.parameters) {
    const value = fullSample(parameter.schema);
    if (value !== undefined) args[parameter.key] = value;
  }
  if (op.body) {
    const value = fullSample(op.body.schema);
    if (value !== undefined) args.body = value;
  }
  // A file input takes one of its three sources (src/tools/multipart-body): text, with a name and type that
  // the multipart framing must carry intact.
  const body = args.body as Record<string, unknown> | undefined;
  for (const [name, part] of Object.entries(op.body?.parts ?? {})) {
    const file = { text: TRICKY, filename: `${TRICKY}.txt`, contentType: 'text/plain' };
    if (part.file && body?.[name] !== undefined) body[name] = Array.isArray(body[name]) ? [file, file] : file;
  }
  return args;
}
