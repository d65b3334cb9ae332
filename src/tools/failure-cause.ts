// Why a call failed, for its log line: the system's error code and the host for a dependency
// that could not be reached or did not answer, "not configured" for a feature whose setting is missing,
// and the upstream request that failed as its method and path template. Never a filled-in
// path, a query, credentials or anything from a body. Runs only when a call fails.
import { HubNetworkError, HubNotConfiguredError } from '../hub/errors';
import { UpstreamError, UpstreamHttpError, UpstreamNetworkError, UpstreamRetryLaterError, UpstreamTimeoutError } from '../upstream/errors';

export interface FailureCause {
  /** ECONNREFUSED, ENOTFOUND, UND_ERR_SOCKET, timeout, "not configured (HUB_URL)"… */
  cause?: string | undefined;
  /** host[:port] of the API or hub that failed. */
  host?: string | undefined;
  /** The customer-API request that failed: GET, POST… */
  upstreamMethod?: string | undefined;
  /** Its path template as the tool wrote it (`/customers/:id`): never the filled-in path, which may hold arguments. */
  upstreamPath?: string | undefined;
  /**
   * The status of that request, undefined when it got none (a timeout, no connection): never another
   * request's of the same call, such as a parallel one that answered 200.
   */
  upstreamStatus?: number | undefined;
  /** How long the API asked to wait (Retry-After of a 429 or 503), in seconds. */
  retryAfterSeconds?: number | undefined;
}

const ERROR_CODE = /^[A-Z][A-Z0-9_]{1,40}$/;

/** The first system or undici code (ECONNREFUSED, UND_ERR_SOCKET) in `error`'s cause chain, including an AggregateError's errors. */
export function systemCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && ERROR_CODE.test(code)) return code;
  const inner = systemCode(cause, depth + 1);
  if (inner !== undefined) return inner;
  return Array.isArray(errors) ? systemCode(errors[0], depth + 1) : undefined;
}

export function failureCause(error: unknown): FailureCause | undefined {
  if (error instanceof UpstreamError) {
    const status = error instanceof UpstreamHttpError ? error.status : error.answeredStatus;
    const request = { upstreamMethod: error.method, upstreamPath: error.path, upstreamStatus: status };
    if (error instanceof UpstreamTimeoutError) return { cause: 'timeout', host: error.host, ...request };
    if (error instanceof UpstreamNetworkError) return { cause: systemCode(error.cause) ?? 'no connection', host: error.host, ...request };
    if (error instanceof UpstreamRetryLaterError) return { ...request, retryAfterSeconds: error.retryAfterSeconds };
    return request;
  }
  if (error instanceof HubNotConfiguredError) return { cause: `not configured (${error.envVar})` };
  if (error instanceof HubNetworkError) return { cause: error.timedOut ? 'timeout' : systemCode(error.cause) ?? 'no connection', host: error.host };
  return undefined;
}
