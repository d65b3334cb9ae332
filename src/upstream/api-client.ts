// The customer-API client a tool sees as `ctx.api`: relative paths only, the caller's credentials attached,
// time-outs and a response cap, and every failure turned into one of the typed errors in ./errors.
import { Agent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import type { ForwardedHeaders } from './credentials';
import {
  UpstreamHttpError,
  UpstreamNetworkError,
  UpstreamResponseError,
  UpstreamTimeoutError,
  type UpstreamRequestInfo,
} from './errors';
import { startDeadline } from './deadline';
import { buildPath, buildQuery, compileBaseUrl } from './paths';
import { isJson, readCapped, TOO_LARGE } from './read-body';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Values for the `:name` segments of the path; each is URL-encoded. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
}

export interface ApiClient {
  get<T = unknown>(path: string, options?: ApiRequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: ApiRequestOptions): Promise<T>;
  request<T = unknown>(method: HttpMethod, path: string, options?: ApiRequestOptions): Promise<T>;
}

export interface UpstreamSettings {
  /** CUSTOMER_API_URL; may contain `{tenantId}`. */
  baseUrl: string;
  /**
   * One deadline per request, from the wait for a pooled connection to the last byte of the body
   * (default 10 s: long enough for a slow report, short enough for a chat).
   */
  timeoutMs?: number;
  /** Bodies above this are refused (default 5 MiB): a model cannot use more, and memory is shared by all calls. */
  maxResponseBytes?: number;
  /** Keep-alive connections per origin (default 128). */
  connections?: number;
  /** Injected in tests; by default one keep-alive Agent for the process. */
  dispatcher?: Dispatcher;
}

/** What is shared by every call: built once at startup. */
export interface Upstream {
  forCall(call: CallScope): ApiClient;
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

export interface CallScope {
  headers: ForwardedHeaders;
  tenantId: string | undefined;
  signal: AbortSignal;
  /** Told the status of each upstream answer, for the per-call log line. */
  onStatus?: (status: number) => void;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function mapTransportError(error: unknown, info: UpstreamRequestInfo, signal: AbortSignal, expired: boolean): unknown {
  if (expired) return new UpstreamTimeoutError(info, { cause: error });
  if (signal.aborted) return error; // the call itself was cancelled: nobody reads the result
  if (error instanceof undiciErrors.UndiciError && TIMEOUT_CODES.has(error.code)) {
    return new UpstreamTimeoutError(info, { cause: error });
  }
  return new UpstreamNetworkError(info, { cause: error });
}

type Send = (call: CallScope, method: HttpMethod, path: string, options?: ApiRequestOptions) => Promise<unknown>;

/** `ctx.api`: the shared sender bound to one call's credentials and signal. */
class ScopedApiClient implements ApiClient {
  constructor(
    private readonly sendFor: Send,
    private readonly call: CallScope,
  ) {}

  request<T>(method: HttpMethod, path: string, options?: ApiRequestOptions): Promise<T> {
    return this.sendFor(this.call, method, path, options) as Promise<T>;
  }
  get<T>(path: string, options?: ApiRequestOptions): Promise<T> {
    return this.request('GET', path, options);
  }
  delete<T>(path: string, options?: ApiRequestOptions): Promise<T> {
    return this.request('DELETE', path, options);
  }
  post<T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T> {
    return this.request('POST', path, { ...options, body });
  }
  put<T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T> {
    return this.request('PUT', path, { ...options, body });
  }
  patch<T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T> {
    return this.request('PATCH', path, { ...options, body });
  }
}

export function createUpstream({
  baseUrl,
  timeoutMs = 10_000,
  maxResponseBytes = 5_242_880,
  connections = 128,
  dispatcher = new Agent({ connections, connect: { timeout: timeoutMs }, keepAliveTimeout: 30_000 }),
}: UpstreamSettings): Upstream {
  const base = compileBaseUrl(baseUrl);

  async function send(call: CallScope, method: HttpMethod, template: string, options: ApiRequestOptions = {}) {
    const info: UpstreamRequestInfo = { method, path: template };
    const url = base.resolve(call.tenantId) + buildPath(template, options.params) + buildQuery(options.query);
    const hasBody = options.body !== undefined;
    const headers: Record<string, string> = hasBody
      ? { ...call.headers, accept: 'application/json', 'content-type': 'application/json' }
      : { ...call.headers, accept: 'application/json' };

    const deadline = startDeadline(timeoutMs, call.signal);
    try {
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, {
          method,
          headers,
          body: hasBody ? JSON.stringify(options.body) : undefined,
          dispatcher,
          signal: deadline.signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (error) {
        throw mapTransportError(error, info, call.signal, deadline.expired);
      }
      const { statusCode, headers: responseHeaders, body } = response;
      call.onStatus?.(statusCode);
      if (statusCode < 200 || statusCode > 299) {
        await body.dump().catch(() => undefined); // frees the connection for reuse; the body is never shown
        throw new UpstreamHttpError(statusCode, info);
      }

      let text: string;
      try {
        text = (await readCapped(body, Number(responseHeaders['content-length'] ?? Number.NaN), maxResponseBytes)).toString('utf8');
      } catch (error) {
        if (error === TOO_LARGE) throw new UpstreamResponseError('too-large', info);
        throw mapTransportError(error, info, call.signal, deadline.expired);
      }
      if (text === '') return null;
      if (!isJson(responseHeaders['content-type'])) throw new UpstreamResponseError('not-json', info);
      try {
        return JSON.parse(text) as unknown;
      } catch (error) {
        throw new UpstreamResponseError('not-json', info, { cause: error });
      }
    } finally {
      deadline.clear();
    }
  }

  return {
    dispatcher,
    forCall: (call) => new ScopedApiClient(send, call),
    close: () => dispatcher.close(),
  };
}

