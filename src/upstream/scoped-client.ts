// `ctx.api`: the customer-API client of one call, a thin face over the shared sender of ./api-client,
// bound to the call's credentials and signal.
import type { ApiClient, ApiRequestOptions, CallScope, HttpMethod, TextRequestOptions } from './client-types';

export type Send = (call: CallScope, method: HttpMethod, path: string, options?: ApiRequestOptions) => Promise<unknown>;

/** `ctx.api`: the shared sender bound to one call's credentials and signal. */
export class ScopedApiClient implements ApiClient {
  constructor(
    private readonly sendFor: Send,
    private readonly call: CallScope,
  ) {}

  request<T>(method: HttpMethod, path: string, options?: ApiRequestOptions): Promise<T> {
    return this.sendFor(this.call, method, path, options) as Promise<T>;
  }
  get(path: string, options: TextRequestOptions): Promise<string>;
  get<T>(path: string, options?: ApiRequestOptions): Promise<T>;
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
