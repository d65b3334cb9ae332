// A `null` for an optional input means "not given", whatever the host: OpenAI's strict converter (its
// Agents SDK) lists every field as required and nullable, so models send `null` for what they leave out,
// and TOOL_SCHEMAS=strict lists the fields so itself. Such a call behaves exactly as one without the field;
// a `null` where the field is required is still refused, naming it.

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a (listed) schema takes `null` as a value of its own: a null type or branch, `enum` with null, or no type at all. */
function takesNull(schema: Json): boolean {
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  const branches = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(branches)) return branches.some((branch) => isObject(branch) && takesNull(branch));
  // A $ref or `{}` may take null: its null is left for the check to judge.
  return !['type', 'enum', 'const', 'properties', 'items', 'allOf'].some((key) => key in schema);
}

/**
 * `value` without the nulls of fields its schema does not require, at any depth: all of them
 * (`keepNullable` false: strict mode, where every optional field was listed nullable), or only where the
 * field does not take null itself (the default lists; there a null a field takes is a value, sent on).
 * Returns `value` itself when nothing was left out.
 */
export function omitNulls(schema: Json, value: unknown, keepNullable = false): unknown {
  if (Array.isArray(value)) {
    if (!isObject(schema.items)) return value;
    const items = value.map((item) => omitNulls(schema.items as Json, item, keepNullable));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  if (!isObject(value)) return value;
  const branch = Array.isArray(schema.anyOf) ? (schema.anyOf as unknown[]).find((item): item is Json => isObject(item) && (item.type === 'object' || isObject(item.properties))) : undefined;
  if (branch !== undefined) return omitNulls(branch, value, keepNullable);
  if (!isObject(schema.properties)) return value;
  const properties = schema.properties;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const entries = Object.entries(value);
  let out: Json | undefined; // made at the first change, so a call with nothing to leave out allocates nothing
  entries.forEach(([key, item], index) => {
    const child = properties[key];
    let kept = item;
    if (item === null && child !== undefined && !required.includes(key)) kept = keepNullable && isObject(child) && takesNull(child) ? null : undefined;
    else if (isObject(child)) kept = omitNulls(child, item, keepNullable);
    if (kept === item && out === undefined) return;
    out ??= Object.fromEntries(entries.slice(0, index));
    if (kept !== undefined) out[key] = kept;
  });
  return out ?? value;
}

/**
 * A call's arguments checked by the tool's schema, its optional fields' nulls read as "not given". The hot
 * path is one check: only a refused call is walked, and checked again without those nulls (the second
 * answer stands, so a null where a field is required is refused naming it). `strict`: TOOL_SCHEMAS=strict
 * listed this tool's optional fields nullable, so every such null is left out before the check.
 */
export function checkArguments<Checked extends { success: boolean }>(schema: { safeParse(value: unknown): Checked }, listed: Json, args: unknown, strict: boolean): Checked {
  const given = strict ? omitNulls(listed, args ?? {}) : (args ?? {});
  const first = schema.safeParse(given);
  if (first.success || strict) return first;
  const without = omitNulls(listed, given, true);
  return without === given ? first : schema.safeParse(without);
}
