// Reads an OpenAPI 3.0 / 3.1 document from a local file (JSON or YAML) with @readme/openapi-parser:
// validated against the specification, every $ref resolved. Nothing is fetched from the network.
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';

export type OpenApiDocument = OpenAPIV3.Document | OpenAPIV3_1.Document;

export class OpenApiLoadError extends Error {
  override name = 'OpenApiLoadError';
  readonly code = 'OPENAPI_INVALID';
}

/** A path, or a file:// URL, to a local file. */
export function localPath(source: string, cwd = process.cwd()): string {
  if (/^file:/i.test(source)) return fileURLToPath(source);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    throw new OpenApiLoadError(`${source}: give a local file or a file:// URL (download the document first; the generator does not fetch)`);
  }
  return isAbsolute(source) ? source : resolve(cwd, source);
}

export async function loadDocument(path: string): Promise<OpenApiDocument> {
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(path);
  } catch (error) {
    throw new OpenApiLoadError(`${path}: cannot be read as OpenAPI (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (!result.valid) throw new OpenApiLoadError(`${path} is not a valid OpenAPI document:\n${compileErrors(result)}`);
  if (result.specification !== 'OpenAPI') {
    throw new OpenApiLoadError(`${path} is a Swagger 2.0 document: convert it to OpenAPI 3 first (e.g. with swagger2openapi)`);
  }
  // Circular $refs stay as { $ref } objects: the schema converter turns them into z.unknown().
  return (await dereference(path, { dereference: { circular: 'ignore' } })) as OpenApiDocument;
}
