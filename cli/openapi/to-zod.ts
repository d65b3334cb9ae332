// JSON Schema (OpenAPI 3.0 or 3.1 dialect, $refs already resolved) → the source text of a zod schema,
// with each description carried over for the model. What zod cannot say simply (patterns, formats) goes
// into the description instead, so the model still sees it and the API stays the judge.
import { quote } from '../new-tool/template';
import { plainText } from './plain-text';
import { mergeAllOf, typesOf, writableProperties, type Schema } from './schema';

/** Deeper than this (or a schema that contains itself) becomes z.unknown(): a tool input should be shallow. */
const MAX_DEPTH = 6;

/** How far a tool's input is pruned to fit its size budget: from which depth descriptions are left out and sub-schemas collapsed to an object. */
export interface Prune {
  describeFrom?: number;
  collapseFrom?: number;
}

/** The description in plain text; a schema's `title` is a type's name (`customer_shipping`), not a description. */
export function describeSchema(schema: Schema, fallback?: string): string | undefined {
  const first = plainText(schema.description) ?? plainText(fallback);
  const notes = [first && !/[.!?:)]$/.test(first) ? `${first}.` : first];
  if (schema.format) notes.push(`Format: ${schema.format}.`);
  if (schema.pattern) notes.push(`Pattern: ${schema.pattern}.`);
  if (schema.default !== undefined) notes.push(`Default: ${JSON.stringify(schema.default)}.`);
  const text = notes.filter((note) => note !== undefined && note !== '').join(' ');
  return text === '' ? undefined : text;
}

function bounds(schema: Schema, what: 'number' | 'string' | 'array'): string {
  let out = '';
  if (what === 'number') {
    if (typeof schema.exclusiveMinimum === 'number') out += `.gt(${schema.exclusiveMinimum})`;
    else if (schema.minimum !== undefined) out += schema.exclusiveMinimum === true ? `.gt(${schema.minimum})` : `.min(${schema.minimum})`;
    if (typeof schema.exclusiveMaximum === 'number') out += `.lt(${schema.exclusiveMaximum})`;
    else if (schema.maximum !== undefined) out += schema.exclusiveMaximum === true ? `.lt(${schema.maximum})` : `.max(${schema.maximum})`;
  } else if (what === 'string') {
    if (schema.minLength !== undefined) out += `.min(${schema.minLength})`;
    if (schema.maxLength !== undefined) out += `.max(${schema.maxLength})`;
  } else {
    if (schema.minItems !== undefined) out += `.min(${schema.minItems})`;
    if (schema.maxItems !== undefined) out += `.max(${schema.maxItems})`;
  }
  return out;
}

/** Inputs sit at four spaces in the tool file; each level of object nesting adds two. */
const pad = (depth: number) => ' '.repeat(4 + 2 * depth);

function literalValue(value: unknown): string {
  return typeof value === 'string' ? quote(value) : JSON.stringify(value);
}

const isPrimitive = (value: unknown): value is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof value);

/**
 * An `enum` as zod that lists as a plain type or an `enum` (never `anyOf` of `const`, which Gemini refuses):
 * strings as z.enum, both booleans as z.boolean(), other values as one multi-value z.literal (zod writes
 * `{type, enum}`). A list whose enum lists lists (Mailchimp's `action`: `[["abuse"], ["bounce"]]`, sent
 * comma-separated) takes their elements as its items' values. Values zod cannot compare (objects) leave
 * the enum to the API. Undefined: no enum to say.
 */
function enumOf(schema: Schema): string | undefined {
  const values = [...new Set((schema.enum ?? []).filter((value) => value !== null))];
  if (values.length > 0 && values.every(Array.isArray) && typesOf(schema).types[0] === 'array') {
    const items = [...new Set(values.flat())];
    if (items.length > 0 && items.every(isPrimitive)) return `z.array(${enumOf({ ...schema.items, enum: items }) ?? 'z.unknown()'})${bounds(schema, 'array')}`;
  }
  if (values.length === 0 || !values.every(isPrimitive)) return undefined;
  if (values.every((value) => typeof value === 'string')) return `z.enum([${values.map(literalValue).join(', ')}])`;
  if (values.length === 2 && values.every((value) => typeof value === 'boolean')) return 'z.boolean()';
  return values.length === 1 ? `z.literal(${literalValue(values[0])})` : `z.literal([${values.map(literalValue).join(', ')}])`;
}

/** Below the budget's depth: an object the API validates, a list of them, or any value. */
function collapsed(schema: Schema): string {
  const { types } = typesOf(schema);
  if (types.length === 1 && types[0] === 'object') return 'z.record(z.string(), z.unknown())';
  if (types.length === 1 && types[0] === 'array') return 'z.array(z.unknown())';
  return types.length === 1 && ['string', 'integer', 'number', 'boolean'].includes(types[0] ?? '') ? '' : 'z.unknown()';
}

function base(schema: Schema, depth: number, seen: Set<Schema>, prune: Prune): string {
  if (depth > MAX_DEPTH || seen.has(schema)) return 'z.unknown()';
  const merged = mergeAllOf(schema);
  if (prune.collapseFrom !== undefined && depth >= prune.collapseFrom && collapsed(merged) !== '') return collapsed(merged);
  const inner = new Set(seen).add(schema);
  const next = (child: Schema) => toZod(child, depth + 1, inner, false, undefined, prune);

  if (merged.const !== undefined && isPrimitive(merged.const)) return `z.literal(${literalValue(merged.const)})`;
  const listed = merged.enum ? enumOf(merged) : undefined;
  if (listed !== undefined) return listed;
  const choices = merged.oneOf ?? merged.anyOf;
  if (choices && choices.length > 0) return choices.length === 1 ? next(choices[0] as Schema) : `z.union([${choices.map(next).join(', ')}])`;
  if (merged.allOf) return 'z.unknown()'; // an allOf that is not plain objects: left for the author to model

  const { types } = typesOf(merged);
  if (types.length > 1) return `z.union([${types.map((type) => base({ ...merged, type }, depth, seen, prune)).join(', ')}])`;
  switch (types[0]) {
    case 'string':
      return `z.string()${bounds(merged, 'string')}`;
    case 'integer':
      return `z.number().int()${bounds(merged, 'number')}`;
    case 'number':
      return `z.number()${bounds(merged, 'number')}`;
    case 'boolean':
      return 'z.boolean()';
    case 'array':
      return `z.array(${merged.items ? next(merged.items) : 'z.unknown()'})${bounds(merged, 'array')}`;
    case 'object': {
      const properties = writableProperties(merged);
      if (properties.length === 0) {
        const extra = merged.additionalProperties;
        return `z.record(z.string(), ${typeof extra === 'object' ? next(extra) : 'z.unknown()'})`;
      }
      const required = new Set(merged.required ?? []);
      const fields = properties.map(([name, property]) => {
        const value = toZod(property, depth + 1, inner, !required.has(name), undefined, prune);
        return `${pad(depth + 1)}${/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name)}: ${value},\n`;
      });
      return `z.object({\n${fields.join('')}${pad(depth)}})`;
    }
    default:
      return 'z.unknown()';
  }
}

/** The zod source for `schema`: nullable, described, and optional when asked. */
export function toZod(schema: Schema, depth = 0, seen = new Set<Schema>(), optional = false, fallbackDescription?: string, prune: Prune = {}): string {
  let out = base(schema, depth, seen, prune);
  if (typesOf(schema).nullable && out !== 'z.unknown()') out += '.nullable()';
  if (optional) out += '.optional()';
  const description = prune.describeFrom !== undefined && depth >= prune.describeFrom ? undefined : describeSchema(schema, fallbackDescription);
  if (description) out += `.describe(${quote(description)})`;
  return out;
}
