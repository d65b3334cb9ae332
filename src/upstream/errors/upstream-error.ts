// Base class of every failure talking to the customer's API; `code` is stable, `cause` keeps the original.
export interface UpstreamRequestInfo {
  method: string;
  /** The path template as the tool wrote it (e.g. /orders/:id): no ids, no query, no credentials. */
  path: string;
  /** The API's host (and port), for the log line of a call that failed: never a path, query or credentials. */
  host?: string;
  /**
   * The status this request was answered with before it failed (a 2xx whose body timed out or was not
   * JSON), for the call's log line; absent when no status came (no connection, a timeout before headers).
   */
  status?: number;
}

export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly method: string;
  readonly path: string;
  readonly host: string | undefined;
  /** The status of this request, when the API answered one (see UpstreamRequestInfo.status). */
  readonly answeredStatus: number | undefined;

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
    this.answeredStatus = request.status;
  }
}
