// A `multipart/form-data` request body (a file upload) as the generator reads it: which parts are files,
// each part's media type from `encoding` or `contentMediaType`, and the input schema in which each file
// part is a file input (a library name, or content), the same shape a hand-written tool takes (fileInput).
import { z } from 'zod';
import { FILE_INPUT_NOTE, fileInput, type MultipartPart } from '../../src/tools/multipart-body';
import type { Body } from './operation';
import { mergeAllOf, typesOf, writableProperties, type Schema } from './schema';

/** What the document says of a multipart body: its schema and the `encoding` entry of each part. */
export interface MultipartMedia {
  schema?: Schema;
  encoding?: Record<string, { contentType?: string }>;
}

/** binary: the bytes; base64 and byte (base64 in JSON) name a file too, as generated SDKs send such parts. */
const FILE_FORMATS = new Set(['binary', 'byte', 'base64']);
/** A string part given one of these types in `encoding` is a value, unless its schema says it is binary (a subtitle file). */
const TEXT_TYPE = /^\s*(text\/|application\/(?:[\w.+-]*\+)?json\b)/i;

/** The file input's JSON Schema, made from the zod schema hand-written tools use: one shape for both. */
const { $schema: _dialect, ...FILE_SCHEMA } = z.toJSONSchema(fileInput) as Schema & { $schema?: string };

/** OpenAPI 3.1's `contentMediaType` (not in ./schema's Schema, which only this module reads it for). */
function mediaTypeOf(schema: Schema): string | undefined {
  const value = (mergeAllOf(schema) as { contentMediaType?: unknown }).contentMediaType;
  return typeof value === 'string' ? value : undefined;
}

/** A string (or untyped) part of a binary format, a `contentMediaType`, or a media type in `encoding` that is not text. */
function isFile(schema: Schema, contentType: string | undefined): boolean {
  const merged = mergeAllOf(schema);
  const { types } = typesOf(merged);
  if (types.some((type) => type !== 'string')) return false;
  if (FILE_FORMATS.has(merged.format ?? '') || mediaTypeOf(merged) !== undefined) return true;
  return contentType !== undefined && !TEXT_TYPE.test(contentType);
}

/** The file input in place of a file part's schema, keeping what the document says the part is. */
function asFileInput(schema: Schema): Schema {
  const said = schema.description?.trim();
  return { ...FILE_SCHEMA, description: said ? `${said}${/[.!?]$/.test(said) ? '' : '.'} ${FILE_INPUT_NOTE}` : FILE_INPUT_NOTE };
}

/**
 * The body of a multipart/form-data operation, or why no tool can send it. A file part (or a list of them)
 * becomes a file input; the other parts stay as the document declares them, with their `encoding` type.
 */
export function multipartBodyOf(media: MultipartMedia, common: Pick<Body, 'required' | 'description'>): { body?: Body; unsupported?: string } {
  const schema = mergeAllOf(media.schema ?? {});
  const properties = writableProperties(schema);
  if (properties.length === 0) {
    return { unsupported: 'its multipart/form-data body names no parts (no properties in its schema): write this tool by hand' };
  }
  const parts: Record<string, MultipartPart> = {};
  const inputs: Record<string, Schema> = {};
  for (const [name, property] of properties) {
    const contentType = media.encoding?.[name]?.contentType?.trim() || undefined;
    const merged = mergeAllOf(property);
    const list = typesOf(merged).types[0] === 'array' && merged.items !== undefined && isFile(merged.items, contentType);
    if (list || isFile(property, contentType)) {
      const mediaType = contentType ?? mediaTypeOf(list ? (merged.items ?? {}) : merged);
      parts[name] = { file: true, ...(mediaType === undefined ? {} : { contentType: mediaType }) };
      inputs[name] = list ? { ...merged, items: asFileInput(merged.items ?? {}) } : asFileInput(property);
      continue;
    }
    if (contentType !== undefined) parts[name] = { contentType };
    inputs[name] = property;
  }
  return { body: { kind: 'multipart', schema: { ...schema, type: 'object', properties: inputs }, encoding: {}, parts, ...common } };
}
