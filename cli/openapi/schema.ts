// The part of a (dereferenced) OpenAPI 3.0 / 3.1 Schema Object that the generator reads.
export interface Schema {
  type?: string | string[];
  format?: string;
  description?: string;
  title?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[] | Record<string, unknown>;
  nullable?: boolean;
  readOnly?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

/** The schema's types without "null", and whether null is allowed (3.0 `nullable`, 3.1 `type: [.., 'null']`). */
export function typesOf(schema: Schema): { types: string[]; nullable: boolean } {
  const listed = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const types = listed.filter((type) => type !== 'null');
  if (types.length === 0 && schema.properties) types.push('object');
  if (types.length === 0 && schema.items) types.push('array');
  return { types, nullable: schema.nullable === true || listed.includes('null') };
}

/** Object properties a caller sends: readOnly ones (ids, timestamps set by the server) are left out. */
export function writableProperties(schema: Schema): Array<[string, Schema]> {
  return Object.entries(schema.properties ?? {}).filter(([, property]) => property.readOnly !== true);
}

/** allOf of objects merged into one object schema; anything else is returned as is. */
export function mergeAllOf(schema: Schema): Schema {
  // A $ref's siblings are merged into what it points to, so a document's stray `allOf: {…}` can arrive here.
  if (!Array.isArray(schema.allOf) || schema.allOf.length === 0) return schema;
  const parts = schema.allOf.map(mergeAllOf);
  if (!parts.every((part) => typesOf(part).types.every((type) => type === 'object') && (part.properties || part.type))) return schema;
  const { allOf: _parts, ...rest } = schema;
  return {
    ...rest,
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {}), schema.properties ?? {}) as Record<string, Schema>,
    required: [...new Set(parts.flatMap((part) => part.required ?? []).concat(schema.required ?? []))],
  };
}
