// What an operation's success answer is, read from its schema as much as its media type: a JSON-shaped
// schema (an object, an array, properties, a model) is JSON whatever type it is declared under (`*/*`
// is what a Swagger 2.0 `produces: []` converts to), and a download is a download only where the
// document says binary. XML, CSV, plain text and the like are text a model reads as it came: the tool
// hands it over (bounded by UPSTREAM_MAX_RESPONSE_BYTES), never parsed as JSON.
import { mergeAllOf, type Schema } from './schema';

type Responses = Record<string, { content?: Record<string, { schema?: Schema }> } | undefined>;

export type Answer =
  /** No body, or a body declared JSON: ctx.api reads it as it is. */
  | { kind: 'json' }
  /** A JSON-shaped schema under another media type: the tool reads the text as JSON, whatever the API sends. */
  | { kind: 'json-shaped'; mediaType: string }
  /** Text of another format (XML, CSV, plain text): the tool hands the model the text as it came. */
  | { kind: 'text'; mediaType: string }
  /** Nothing a JSON tool can read: why, for the skip line. */
  | { kind: 'unreadable'; reason: string };

export const isJsonType = (type: string): boolean => /^application\/(?:[\w.+-]*\+)?json\b/i.test(type);

/** Media types that are a file to download whatever schema they carry. */
const BINARY = /^(application\/(octet-stream|pdf|zip|gzip|x-[\w.+-]*(zip|tar|compressed)[\w.+-]*|vnd\.openxmlformats[\w.+-]*|vnd\.ms-[\w.+-]*|msword)|image\/|audio\/|video\/|font\/)/i;
/** Formats of their own that a schema can describe (the AWS documents' XML answers): not read as JSON. */
const OTHER_FORMAT = /(xml|html|csv|yaml|protobuf|grpc|msgpack|event-stream|ndjson|jsonl)/i;
/** Text a model reads as it is: XML, CSV, YAML, plain text, lines of JSON; any type too, unless the schema says binary. Not HTML: a page for a person (a sign-in form), not an answer. */
export const TEXT = /^(text\/(?!event-stream|html)|\*\/\*$|application\/([\w.+-]*\+)?(xml|yaml|x-yaml|csv|x-ndjson|ndjson|jsonl|javascript|x-www-form-urlencoded)\b)/i;

function isBinarySchema(schema: Schema | undefined): boolean {
  const merged = mergeAllOf(schema ?? {});
  return merged.format === 'binary' || (merged.format === 'byte' && merged.type === 'string');
}

/** An object or array schema, or one with properties or items, or a model left as a $ref (a circular one). */
export function isJsonShaped(schema: Schema | undefined): boolean {
  if (schema === undefined) return false;
  const merged = mergeAllOf(schema) as Schema & { $ref?: unknown };
  if (typeof merged.$ref === 'string') return true;
  const types = Array.isArray(merged.type) ? merged.type : [merged.type];
  if (types.includes('object') || types.includes('array')) return true;
  if (merged.properties !== undefined || merged.items !== undefined || merged.additionalProperties !== undefined) return true;
  const choices = [...(merged.oneOf ?? []), ...(merged.anyOf ?? [])];
  return choices.length > 0 && choices.every((choice) => isJsonShaped(choice));
}

/** The success answers' media types with their schemas (2xx, `default` only when no 2xx is declared). */
function successContent(responses: Responses | undefined): Array<[string, Schema | undefined]> {
  const entries = Object.entries(responses ?? {});
  const success = entries.filter(([status]) => /^2/.test(status));
  return success.flatMap(([, response]) => Object.entries(response?.content ?? {}).map(([type, media]): [string, Schema | undefined] => [type, media?.schema]));
}

export function answerOf(responses: Responses | undefined): Answer {
  const content = successContent(responses);
  if (content.length === 0 || content.some(([type]) => isJsonType(type))) return { kind: 'json' };
  const shaped = content.find(([type, schema]) => !BINARY.test(type) && !OTHER_FORMAT.test(type) && !isBinarySchema(schema) && isJsonShaped(schema));
  if (shaped) return { kind: 'json-shaped', mediaType: shaped[0] };
  const text = content.find(([type, schema]) => TEXT.test(type) && !isBinarySchema(schema));
  if (text) return { kind: 'text', mediaType: text[0] };
  const types = [...new Set(content.map(([type]) => type))].join(', ');
  if (content.some(([type, schema]) => BINARY.test(type) || isBinarySchema(schema))) {
    return { kind: 'unreadable', reason: `it answers a file download (${types}), and ctx.api reads JSON answers: write this tool by hand` };
  }
  return { kind: 'unreadable', reason: `it answers ${types}, not JSON (ctx.api reads JSON answers): write this tool by hand` };
}
