// The JSON Schema a tool lists, in the subset every host accepts. zod 4 writes a nullable string as
// `type: ["string", "null"]`, a record as `propertyNames: {type: "string"}` and a literal as `const`
// (a union of literals as `anyOf` of them); Gemini refuses all three (its API reads an OpenAPI subset),
// and a refused schema drops the server's every tool. Rewritten: a type list becomes `anyOf` of one type
// each, `propertyNames` is left out, a `const` becomes a one-value `enum`, an `anyOf` of fixed values one
// `enum` (both booleans: the plain type). The zod schema still validates each call, so what is accepted
// does not change.

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

/** A branch that is only a fixed value or a list of them, with at most its type: `{type, const}`, `{enum}`. */
const fixedValues = (branch: unknown): unknown[] | undefined => {
  if (!isObject(branch) || Object.keys(branch).some((key) => key !== 'type' && key !== 'enum' && key !== 'const')) return undefined;
  if ('const' in branch) return 'enum' in branch ? undefined : [branch.const];
  return Array.isArray(branch.enum) ? branch.enum : undefined;
};

/** `{type, const}` → `{type, enum: [value]}`; `anyOf` of fixed values of one type (or none) → `{type, enum}`; `enum: [true, false]` → `type: boolean`. */
function fromFixedValues(schema: Json): Json {
  let out = schema;
  if ('const' in out && !('enum' in out)) {
    const { const: value, ...rest } = out;
    out = { ...rest, enum: [value] };
  }
  const branches = Array.isArray(out.anyOf) ? (out.anyOf as unknown[]) : undefined;
  const lists = branches?.map(fixedValues);
  if (branches && branches.length > 0 && lists?.every((list) => list !== undefined) && !('enum' in out)) {
    const types = new Set(branches.map((branch) => (branch as Json).type));
    const { anyOf: _branches, ...rest } = out;
    const [type] = types;
    out = { ...rest, ...(types.size === 1 && type !== undefined ? { type } : {}), enum: [...new Set(lists.flat())] };
  }
  const values = Array.isArray(out.enum) ? (out.enum as unknown[]) : undefined;
  if (out.type === 'boolean' && values?.length === 2 && values.includes(true) && values.includes(false)) {
    const { enum: _values, ...rest } = out;
    out = rest;
  }
  return out;
}

/** `schema` with every type list turned into `anyOf`, every `propertyNames` left out and every fixed value an `enum`, at any depth. */
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
    return types.length === 1 ? fromFixedValues({ ...out, type: types[0] }) : fromTypeList(fromFixedValues(out), types as string[]);
  }
  return fromFixedValues(out);
}
