// Swagger 2.0 documents, converted to OpenAPI 3.0 inside the importer with swagger2openapi (the converter
// the OpenAPI community keeps), so a vendor's own Swagger file imports as it is published.
import { convertObj } from 'swagger2openapi';
import type { OpenAPIV2 } from 'openapi-types';
import { OpenApiLoadError } from './load-error';

type Json = Record<string, unknown>;

/** The OpenAPI 3.0 form of a Swagger 2.0 document, and a line saying it was converted. */
export async function fromSwagger(raw: Json, path: string): Promise<{ document: Json; warnings: string[] }> {
  if (raw.swagger !== '2.0') throw new OpenApiLoadError(`${path} says swagger: ${JSON.stringify(raw.swagger)}; only Swagger 2.0 and OpenAPI 3.0/3.1 are read`);
  try {
    // patch: mend the small mistakes the converter knows (a missing info.version, a path parameter not
    // marked required); warnOnly: a mistake it cannot mend is left for the validator, which charges it to
    // its operations instead of refusing the document. Nothing is fetched: external $refs stay as they are.
    const converted = await convertObj(raw as unknown as OpenAPIV2.Document, { patch: true, warnOnly: true, resolve: false, direct: false });
    return { document: converted.openapi as unknown as Json, warnings: [`the document is Swagger 2.0: converted to OpenAPI 3.0 by swagger2openapi before reading`] };
  } catch (error) {
    throw new OpenApiLoadError(`${path} is Swagger 2.0 and could not be converted to OpenAPI 3 (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
}
