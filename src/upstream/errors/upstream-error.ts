// Base class of every failure talking to the customer's API; `code` is stable, `cause` keeps the original.
export interface UpstreamRequestInfo {
  method: string;
  /** The path template as the tool wrote it (e.g. /orders/:id): no ids, no query, no credentials. */
  path: string;
  /** The API's host (and port), for the log line of a call that failed: never a path, query or credentials. */
  host?: string;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly method: string;
  readonly path: string;
  readonly host: string | undefined;

  constructor(
    readonly code: string,
    message: string,
    request: UpstreamRequestInfo,
    options?: { cause?: unknown },
  ) {
    super(`${request.method} ${request.path}: ${message}`, options);
    this.method = request.method;
    this.path = request.path;
    this.host = request.host;
  }
}
