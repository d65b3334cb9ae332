// The JSON Schema a tool lists, in the subset every host accepts. zod 4 writes a nullable string as
// `type: ["string", "null"]` and a record as `propertyNames: {type: "string"}`; Gemini refuses both
// (its API reads an OpenAPI subset), and a refused schema drops the server's every tool. Rewritten: a type
// list becomes `anyOf` of one type each, `propertyNames` is left out. The zod schema still validates each
// call, so what is accepted does not change.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords that describe the value as a whole, kept beside an `anyOf`; the rest go into each branch that uses them. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

/** Keywords whose value is a schema, or a list or map of schemas. */
const ONE = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else'];
const MANY = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', '$defs', 'definitions', 'patternProperties'];

function fromTypeList(schema: Json, types: string[]): Json {
  const outside: Json = {};
  const inside: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type') continue;
    (ANNOTATIONS.has(key) ? outside : inside)[key] = value;
  }
  // Each branch keeps the constraints of its own type (minLength for a string, minimum for a number, …):
  // unrelated keywords are ignored by JSON Schema for other types, so copying them all is exact.
  const branches = types.map((type) => (type === 'null' ? { type } : { type, ...inside }));
  return { ...outside, anyOf: branches };
}

/** `schema` with every type list turned into `anyOf` and every `propertyNames` left out, at any depth. */
export function portableSchema<T extends Json>(schema: T): T {
  return rewrite(schema) as T;
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'propertyNames') continue;
    if (ONE.includes(key)) out[key] = rewrite(item);
    else if (MANY.includes(key) && Array.isArray(item)) out[key] = item.map(rewrite);
    else if (MAP.includes(key) && isObject(item)) out[key] = Object.fromEntries(Object.entries(item).map(([name, child]) => [name, rewrite(child)]));
    else out[key] = item;
  }
  const types = out.type;
  if (Array.isArray(types) && types.every((type) => typeof type === 'string')) {
    return types.length === 1 ? { ...out, type: types[0] } : fromTypeList(out, types as string[]);
  }
  return out;
}
