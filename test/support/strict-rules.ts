// OpenAI's strict-mode rules for a JSON Schema (structured outputs, "Supported schemas"), checked apart from
// src/tools/strict-schema.ts, which makes such schemas: test/tools/strict-schema.test.ts and
// test/cli/openapi-dynamic.test.ts judge what it made with these.
type Json = Record<string, unknown>;

/** Keywords OpenAI's strict mode takes (structured outputs, "Supported schemas"). */
const SUPPORTED = new Set(['type', 'description', 'title', 'enum', 'const', '$ref', '$defs', 'anyOf', 'properties', 'required', 'additionalProperties', 'items', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems']);

/** Where `schema` breaks a strict-mode rule, as paths with the rule. */
export function breaches(schema: unknown, at = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => breaches(item, `${at}/${i}`));
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Json;
  const found = Object.keys(node).filter((key) => !SUPPORTED.has(key)).map((key) => `${at}: ${key}`);
  if (node.type === 'object') {
    const names = Object.keys((node.properties as Json | undefined) ?? {});
    if (node.additionalProperties !== false) found.push(`${at}: additionalProperties is not false`);
    if (JSON.stringify(node.required) !== JSON.stringify(names)) found.push(`${at}: required is not every property`);
  }
  if (Array.isArray(node.type)) found.push(`${at}: a type list`);
  const children = [
    ...Object.entries((node.properties as Json | undefined) ?? {}).map(([name, child]) => breaches(child, `${at}/${name}`)),
    ...(node.items ? [breaches(node.items, `${at}[]`)] : []),
    ...(Array.isArray(node.anyOf) ? [breaches(node.anyOf, `${at}/anyOf`)] : []),
  ];
  return [...found, ...children.flat()];
}

