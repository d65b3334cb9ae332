// The shapes of `ctx.api` and of one call's scope, one floor below the client (./api-client) and its
// per-call face (./scoped-client), which both use them.
import type { Cancellation } from '../call-signal';
import type { IncomingHttpHeaders } from 'node:http';
import type { ForwardedHeaders } from './credentials';
import type { Placed, Placement } from './placement';
import type { UpstreamObserver } from './observer';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Values for the `:name` segments of the path; each is URL-encoded. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * Sent as JSON; or, with `contentType`, a string sent as it is; or a FormData (src/tools/multipart-body),
   * sent as multipart/form-data with its boundary, refused past UPSTREAM_MAX_UPLOAD_BYTES.
   */
  body?: unknown;
  /** The body's media type when it is not JSON nor FormData (e.g. `application/x-www-form-urlencoded`); `body` is then a string. */
  contentType?: string;
  /** Values for `:name` segments already percent-encoded (e.g. an OpenAPI `label` or `matrix` style); each must stay one segment. */
  encodedParams?: Record<string, string>;
  /** A query string already serialized (e.g. an OpenAPI `form` or `deepObject` style), without "?"; added after `query`. */
  search?: string;
  /** Extra request headers (e.g. OpenAPI header parameters). The call's forwarded credentials take precedence. */
  headers?: Record<string, string>;
  /**
   * `'text'`: the body as received, a string, neither parsed nor checked to be JSON (an empty body is
   * `''`). For a tool that returns the API's JSON unchanged: it saves a parse and a re-stringify. Errors
   * (HTTP status, time-out, size cap) are the same as for JSON. Default `'json'`.
   */
  as?: 'json' | 'text';
}

/** Options that ask for the body as text. */
export type TextRequestOptions = ApiRequestOptions & { as: 'text' };

export interface ApiClient {
  get(path: string, options: TextRequestOptions): Promise<string>;
  get<T = unknown>(path: string, options?: ApiRequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: ApiRequestOptions): Promise<T>;
  request<T = unknown>(method: HttpMethod, path: string, options?: ApiRequestOptions): Promise<T>;
}

export interface CallScope {
  /** Built for this call (forwardedHeaders makes one per call): the client adds Accept to it in place. */
  headers: ForwardedHeaders;
  tenantId: string | undefined;
  /** The call's cancellation: aborts its requests in flight. */
  signal: Cancellation;
  /** Told the status of each upstream answer, for the per-call log line. */
  onStatus?: (status: number) => void;
  /** Told of each request's start and end (logs, metrics, trace spans); see ./observer. */
  observer?: UpstreamObserver;
  /** The tool's credential placement and where its values come from (./placement); absent for a tool without `credentials`. */
  credentials?: CallCredentials;
  /** What the placement put where, for this call: filled once by `forCall`. */
  placed?: Placed;
}

export interface CallCredentials {
  placement: Placement;
  /** The request's headers, or undefined where the client's own must not be read (/mcp in oauth mode). */
  caller: IncomingHttpHeaders | undefined;
  /** On /mcp: a 401 to a placed API key says the key was refused (the hub's lane keeps the contract's sentence). */
  keyRefusal: boolean;
}
