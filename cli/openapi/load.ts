// Reads an OpenAPI 3.0 / 3.1 or Swagger 2.0 document from a local file (JSON or YAML): Swagger converted
// inside (./swagger), validated as written with errors charged to the operations they touch
// (./validation), then every $ref resolved. Nothing is fetched from the network.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle, dereference, parse } from '@readme/openapi-parser';
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { OpenApiLoadError } from './load-error';
import { withoutMissingRefs } from './missing-refs';
import { fromSwagger } from './swagger';
import { dotted, METHODS, validateOperations, type InvalidOperation } from './validation';

export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;
export type { InvalidOperation } from './validation';

export { OpenApiLoadError } from './load-error';

export interface LoadOptions {
  /** Resolve and read every operation, whatever the specification's schema says of it. */
  skipValidation?: boolean;
  /** Longest time resolving $refs may take, in ms (a document must not hang a survey). */
  timeoutMs?: number;
}

export interface LoadedDocument {
  document: OpenApiDocument;
  /** Operations left out because the document is invalid there, each with the place and the reason. */
  invalid: InvalidOperation[];
  /** What a person should know about the reading: conversion, missing $refs, errors no operation depends on. */
  warnings: string[];
}

/** A path, or a file:// URL, to a local file. */
export function localPath(source: string, cwd = process.cwd()): string {
  if (/^file:/i.test(source)) return fileURLToPath(source);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    throw new OpenApiLoadError(`${source}: give a local file or a file:// URL (download the document first; the generator does not fetch)`);
  }
  return isAbsolute(source) ? source : resolve(cwd, source);
}

/** Whether any $ref points into another file (`./schemas.yaml#/Pet`), not within the document. */
function hasExternalRefs(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasExternalRefs);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => (key === '$ref' && typeof item === 'string' ? !item.startsWith('#') : hasExternalRefs(item)));
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The document, the operations its errors cost, and the warnings; throws OpenApiLoadError when nothing can be read. */
export async function readDocument(path: string, options: LoadOptions = {}): Promise<LoadedDocument> {
  let raw: Record<string, unknown>;
  try {
    raw = (await parse(path)) as unknown as Record<string, unknown>;
  } catch (error) {
    throw new OpenApiLoadError(`${path}: cannot be read as OpenAPI (${message(error)})`, { cause: error });
  }
  if (hasExternalRefs(raw)) {
    // A document split over files: gathered into one by path first, since what follows reads one object.
    try {
      raw = (await bundle(path)) as unknown as Record<string, unknown>;
    } catch (error) {
      throw new OpenApiLoadError(`${path}: its $refs to other files cannot be resolved (${message(error)})`, { cause: error });
    }
  }
  const warnings: string[] = [];
  if (raw.swagger !== undefined) {
    const converted = await fromSwagger(raw, path);
    raw = converted.document;
    warnings.push(...converted.warnings);
  } else if (!/^3\.[01]\b/.test(String(raw.openapi ?? ''))) {
    throw new OpenApiLoadError(`${path} is not an OpenAPI 3.0/3.1 or Swagger 2.0 document (openapi: ${JSON.stringify(raw.openapi ?? null)})`);
  }
  const { document: complete, missing } = withoutMissingRefs(raw);
  for (const { at, ref } of missing) warnings.push(`${dotted(at)} refers to ${ref}, which the document does not define: read as any value`);
  const invalid: InvalidOperation[] = [];
  if (!options.skipValidation) {
    const report = validateOperations(complete);
    if (report.fatal.length > 0) throw new OpenApiLoadError(`${path} is not a valid OpenAPI document: ${report.fatal.join('; ')}`);
    invalid.push(...report.invalid);
    warnings.push(...report.warnings.map((line) => `invalid where no operation depends on it, read as it is: ${line}`));
    // What the validator refused is not resolved: a broken part must not stop the rest.
    const paths = (complete.paths ?? {}) as Record<string, Record<string, unknown>>;
    for (const { method, path: at } of invalid) {
      const item = paths[at];
      if (!item) continue;
      delete item[method.toLowerCase()];
      if (!METHODS.some((m) => item[m] !== undefined)) delete paths[at];
    }
  }
  try {
    // Circular $refs stay as { $ref } objects: the schema converter turns them into z.unknown().
    const document = (await dereference(complete as never, { dereference: { circular: 'ignore' }, timeoutMs: options.timeoutMs })) as unknown as OpenApiDocument;
    return { document, invalid, warnings };
  } catch (error) {
    throw new OpenApiLoadError(`${path}: its $refs cannot be resolved (${message(error)})`, { cause: error });
  }
}

/** The document alone, for callers that need no account of what was left out. */
export async function loadDocument(path: string, options: LoadOptions = {}): Promise<OpenApiDocument> {
  return (await readDocument(path, options)).document;
}
