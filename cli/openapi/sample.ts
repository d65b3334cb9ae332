// A value that satisfies a schema, for the generated test's call: required fields only, the smallest
// thing that passes the zod schema the generator wrote for it.
import { stringForPattern } from './pattern-sample';
import { mergeAllOf, typesOf, writableProperties, type Schema } from './schema';

const FORMATS: Record<string, string> = {
  date: '2026-01-02',
  'date-time': '2026-01-02T10:00:00Z',
  time: '10:00:00',
  email: 'user@example.com',
  uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'ZXhhbXBsZQ==',
};

function number(schema: Schema, integer: boolean): number {
  const low = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1) + (schema.exclusiveMinimum === true ? 1 : 0);
  const high = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : schema.maximum;
  const value = high === undefined ? Math.max(low, 1) : Math.min(Math.max(low, 1), high);
  return integer ? Math.ceil(value) : value;
}

/** The pattern as a RegExp (JSON Schema patterns are ECMA-262 and unanchored), or undefined when JS cannot read it. */
function regExp(pattern: string | undefined): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

/** The document's example, else one built from the pattern, the format, or a word: the first that fits every constraint. */
function string(schema: Schema): string {
  const example = schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  const fit = (text: string) => {
    if (schema.maxLength !== undefined && text.length > schema.maxLength) return text.slice(0, schema.maxLength);
    return schema.minLength !== undefined && text.length < schema.minLength ? text.padEnd(schema.minLength, text.at(-1) ?? 'x') : text;
  };
  const candidates = [
    typeof example === 'string' ? example : undefined,
    schema.pattern === undefined ? undefined : stringForPattern(schema.pattern),
    FORMATS[schema.format ?? ''],
    'example',
  ].flatMap((text) => (text === undefined ? [] : [fit(text)]));
  const pattern = regExp(schema.pattern);
  const length = (text: string) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity);
  return candidates.find((text) => length(text) && (pattern === undefined || pattern.test(text))) ?? candidates[0] ?? 'example';
}

export function sample(schema: Schema, depth = 0): unknown {
  if (depth > 6) return null;
  const merged = mergeAllOf(schema);
  if (merged.const !== undefined) return merged.const;
  if (merged.enum && merged.enum.length > 0) return merged.enum.find((value) => value !== null) ?? null;
  const choice = merged.oneOf?.[0] ?? merged.anyOf?.[0];
  if (choice) return sample(choice, depth + 1);
  const { types, nullable } = typesOf(merged);
  switch (types[0]) {
    case 'string':
      return string(merged);
    case 'integer':
      return number(merged, true);
    case 'number':
      return number(merged, false);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(merged.minItems ?? 1, 1) }, () => sample(merged.items ?? {}, depth + 1));
    case 'object': {
      const required = new Set(merged.required ?? []);
      return Object.fromEntries(writableProperties(merged).filter(([name]) => required.has(name)).map(([name, property]) => [name, sample(property, depth + 1)]));
    }
    default:
      return nullable ? null : 'example';
  }
}
