// TOOL_SCHEMAS=strict: input schemas listed in the form OpenAI's strict mode (structured outputs) accepts,
// so a host that sends tools with `strict: true` (or converts them itself, as OpenAI's Agents SDK does)
// gets the schema as meant. The rules (platform.openai.com, structured outputs, "Supported schemas"):
// every object lists all its properties in `required` and has `additionalProperties: false`; an optional
// field is therefore required and nullable, and its null means "not given" (./null-arguments.ts);
// keywords outside the subset are left out (minLength, maxLength, default, examples,
// uniqueItems, …); composition other than anyOf, and free-form maps, cannot be said at all. Such a tool
// keeps its ordinary schema, and the reason is logged once at startup.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords strict mode takes as they are. */
const KEPT = new Set(['type', 'description', 'title', 'enum', 'const', '$ref', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems']);
/** The `format`s strict mode knows; any other is left out (the call is still checked against it). */
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** Keywords no strict schema can do without: the tool keeps its ordinary schema. */
const REFUSED = ['allOf', 'not', 'if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'patternProperties'];
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;

export class NotStrict extends Error {
  override name = 'NotStrict';
}

/** `schema` (a tool's listed input schema) in strict mode's form; throws NotStrict saying why it cannot be. */
export function strictSchema(schema: Json): Json {
  const count = { properties: 0 };
  return rewrite(schema, '', 0, count);
}

function nullable(schema: Json): Json {
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as unknown[]) : undefined;
  if (branches?.some((branch) => isObject(branch) && branch.type === 'null')) return schema;
  if (branches) return { ...schema, anyOf: [...branches, { type: 'null' }] };
  if (schema.type === 'null') return schema;
  const { description, title, ...rest } = schema;
  return { ...(title !== undefined ? { title } : {}), ...(description !== undefined ? { description } : {}), anyOf: [rest, { type: 'null' }] };
}

function rewrite(node: Json, at: string, depth: number, count: { properties: number }): Json {
  if (depth > MAX_DEPTH) throw new NotStrict(`${at || 'the input'} is nested deeper than ${MAX_DEPTH} levels`);
  const refused = REFUSED.find((key) => key in node);
  if (refused !== undefined) throw new NotStrict(`${at || 'the input'} uses ${refused}`);
  const typed = ['type', 'anyOf', 'oneOf', '$ref', 'enum', 'const', 'properties', 'items'].some((key) => key in node);
  if (!typed) throw new NotStrict(`${at || 'the input'} takes any value`);
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (KEPT.has(key)) out[key] = value;
    else if (key === 'format' && typeof value === 'string' && FORMATS.has(value)) out[key] = value;
  }
  const branches = (node.anyOf ?? node.oneOf) as unknown;
  if (Array.isArray(branches)) out.anyOf = branches.map((branch, i) => (isObject(branch) ? rewrite(branch, `${at}[${i}]`, depth + 1, count) : branch));
  if (isObject(node.$defs)) out.$defs = Object.fromEntries(Object.entries(node.$defs).map(([name, def]) => [name, isObject(def) ? rewrite(def, `$defs.${name}`, depth + 1, count) : def]));
  if (node.type === 'array' || 'items' in node) {
    if (isObject(node.items)) out.items = rewrite(node.items, `${at}[]`, depth + 1, count);
    else if (node.items === undefined) throw new NotStrict(`${at || 'the input'} is a list of anything`);
  }
  if (node.type === 'object' || 'properties' in node) {
    const properties = isObject(node.properties) ? node.properties : {};
    const extra = node.additionalProperties;
    const names = Object.keys(properties);
    // A map with keys of its own (a record) has no fixed properties to list: strict mode cannot say it.
    if (isObject(extra) || (extra !== false && names.length === 0 && depth > 0)) throw new NotStrict(`${at || 'the input'} is an object with keys of its own choosing`);
    count.properties += names.length;
    if (count.properties > MAX_PROPERTIES) throw new NotStrict(`it has more than ${MAX_PROPERTIES} properties`);
    const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
    out.properties = Object.fromEntries(
      names.map((name) => {
        const child = properties[name];
        const strict = isObject(child) ? rewrite(child, at ? `${at}.${name}` : name, depth + 1, count) : {};
        return [name, required.has(name) ? strict : nullable(strict)];
      }),
    );
    out.required = names;
    out.additionalProperties = false;
  }
  return out;
}
