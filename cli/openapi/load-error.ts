// The one error of reading a document: it cannot be read, converted or resolved, or has nothing to import.
export class OpenApiLoadError extends Error {
  override name = 'OpenApiLoadError';
  readonly code = 'OPENAPI_INVALID';
}
