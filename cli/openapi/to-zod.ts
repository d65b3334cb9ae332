// JSON Schema (OpenAPI 3.0 or 3.1 dialect, $refs already resolved) → the source text of a zod schema,
// with each description carried over for the model. What zod cannot say simply (patterns, formats) goes
// into the description instead, so the model still sees it and the API stays the judge.
import { quote } from '../new-tool/template';
import { mergeAllOf, typesOf, writableProperties, type Schema } from './schema';

/** Deeper than this (or a schema that contains itself) becomes z.unknown(): a tool input should be shallow. */
const MAX_DEPTH = 6;

export function describeSchema(schema: Schema, fallback?: string): string | undefined {
  const first = schema.description?.trim() || schema.title?.trim() || fallback?.trim();
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

function base(schema: Schema, depth: number, seen: Set<Schema>): string {
  if (depth > MAX_DEPTH || seen.has(schema)) return 'z.unknown()';
  const merged = mergeAllOf(schema);
  const inner = new Set(seen).add(schema);
  const next = (child: Schema) => toZod(child, depth + 1, inner);

  if (merged.const !== undefined) return `z.literal(${literalValue(merged.const)})`;
  if (merged.enum && merged.enum.length > 0) {
    const values = merged.enum.filter((value) => value !== null);
    if (values.every((value) => typeof value === 'string')) return `z.enum([${values.map(literalValue).join(', ')}])`;
    return values.length === 1 ? `z.literal(${literalValue(values[0])})` : `z.union([${values.map((value) => `z.literal(${literalValue(value)})`).join(', ')}])`;
  }
  const choices = merged.oneOf ?? merged.anyOf;
  if (choices && choices.length > 0) return choices.length === 1 ? next(choices[0] as Schema) : `z.union([${choices.map(next).join(', ')}])`;
  if (merged.allOf) return 'z.unknown()'; // an allOf that is not plain objects: left for the author to model

  const { types } = typesOf(merged);
  if (types.length > 1) return `z.union([${types.map((type) => base({ ...merged, type }, depth, seen)).join(', ')}])`;
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
        const value = toZod(property, depth + 1, inner, !required.has(name));
        return `${pad(depth + 1)}${/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name)}: ${value},\n`;
      });
      return `z.object({\n${fields.join('')}${pad(depth)}})`;
    }
    default:
      return 'z.unknown()';
  }
}

/** The zod source for `schema`: nullable, described, and optional when asked. */
export function toZod(schema: Schema, depth = 0, seen = new Set<Schema>(), optional = false, fallbackDescription?: string): string {
  let out = base(schema, depth, seen);
  if (typesOf(schema).nullable && out !== 'z.unknown()') out += '.nullable()';
  if (optional) out += '.optional()';
  const description = describeSchema(schema, fallbackDescription);
  if (description) out += `.describe(${quote(description)})`;
  return out;
}
