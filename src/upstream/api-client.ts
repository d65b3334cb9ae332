// The customer-API client a tool sees as `ctx.api`: relative paths only, the caller's credentials attached,
// time-outs and a response cap, and every failure turned into one of the typed errors in ./errors.
import { errors as undiciErrors, type Dispatcher } from 'undici';
import { createApiAgent } from './agent';
import type { Cancellation } from '../call-signal';
import {
  InvalidUpstreamRequestError,
  UpstreamRefusedError,
  UpstreamNetworkError,
  UpstreamResponseError,
  UpstreamTimeoutError,
  type UpstreamRequestInfo,
} from './errors';
import { startDeadline } from './deadline';
import { buildPath, buildQuery, compileBaseUrl } from './paths';
import { checkExtraHeaders, joinSearch } from './wire-parts';
import type { UpstreamExchange } from './observer';
import { isJson, readCappedText, TOO_LARGE } from './read-body';
import { ScopedApiClient } from './scoped-client';
import type { ApiClient, ApiRequestOptions, CallScope, HttpMethod } from './client-types';
import { readErrorBody } from './error-body';
import { httpFailure } from './http-failure';
import { errorReason } from './error-reason';
import { matchesRule, type ErrorRule } from './error-rule';
import { DEFAULT_USER_AGENT } from './fixed-headers';
import { checkUploadSize, isFormData, ownFormData } from './form-data';
import { redactorFor } from './redact';
import { place } from './placement';

export type { ApiClient, ApiRequestOptions, CallScope, HttpMethod, TextRequestOptions } from './client-types';

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
  /** A multipart body (an upload) above this is refused before it is sent (default 10 MiB, what the hub gives a file fetch). */
  maxUploadBytes?: number;
  /**
   * Keep-alive connections per origin; each carries one request at a time, so this also caps concurrent
   * calls to the API (default null: no limit, concurrency follows demand).
   */
  connections?: number | null;
  /** Injected in tests; by default one keep-alive Agent for the process (./agent). */
  dispatcher?: Dispatcher;
  /** UPSTREAM_USER_AGENT (default `<package name>/<version>`): some APIs (GitHub's) refuse requests without one. */
  userAgent?: string;
  /**
   * UPSTREAM_HEADERS, lower-cased: sent with every request, under everything else (a tool's header
   * parameters, then the call's forwarded or exchanged credentials, win). An `accept` replaces application/json.
   */
  fixedHeaders?: Readonly<Record<string, string>> | undefined;
  /** UPSTREAM_ERROR_REASON: the API's reason for a 4xx kept on the error, for the model and the debug log (default true). */
  errorReason?: boolean;
  /** UPSTREAM_ERROR_WHEN: a 2xx JSON body matching it is a refused request (UpstreamRefusedError). */
  errorWhen?: ErrorRule | undefined;
  /** UPSTREAM_CREDENTIALS: values a tool's security schemes take from the deployment, over the caller's (./placement). */
  credentials?: Readonly<Record<string, string>> | undefined;
}

/** What is shared by every call: built once at startup. */
export interface Upstream {
  forCall(call: CallScope): ApiClient;
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function mapTransportError(error: unknown, info: UpstreamRequestInfo, signal: Cancellation, expired: boolean): unknown {
  if (expired) return new UpstreamTimeoutError(info, { cause: error });
  if (signal.aborted) return error; // the call itself was cancelled: nobody reads the result
  if (error instanceof undiciErrors.UndiciError && TIMEOUT_CODES.has(error.code)) {
    return new UpstreamTimeoutError(info, { cause: error });
  }
  return new UpstreamNetworkError(info, { cause: error });
}

/**
 * What an error says of the request that failed: made only when one fails. The host comes from
 * the origin (`http://api:8080` → `api:8080`), which holds no credentials, path or query.
 */
/** The request an error names; `status` once the API answered one, so a call's line names this request's status. */
const about = (method: HttpMethod, path: string, origin: string, status?: number): UpstreamRequestInfo => ({ method, path, host: origin.slice(origin.indexOf('//') + 2), ...(status === undefined ? {} : { status }) });

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The credentials a request carried, for redaction and the 401 check: its headers and the values placed elsewhere (a query key). */
function sentCredentials(call: CallScope): Readonly<Record<string, string>> {
  const values = call.placed?.values;
  if (values === undefined || values.length === 0) return call.headers;
  return { ...call.headers, ...Object.fromEntries(values.map((value, index) => [`placed-${index}`, value])) };
}

/** `http://api:8080/v1` → origin `http://api:8080`, path prefix `/v1`: requests go to the pool by path. */
function splitBase(base: string): { origin: string; prefix: string } {
  const url = new URL(base);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

export function createUpstream({
  baseUrl,
  timeoutMs = 10_000,
  maxResponseBytes = 5_242_880,
  maxUploadBytes = 10_485_760,
  connections = null,
  dispatcher = createApiAgent({ connections, connectTimeoutMs: timeoutMs }),
  userAgent = DEFAULT_USER_AGENT,
  fixedHeaders,
  errorReason: withReason = true,
  errorWhen,
  credentials,
}: UpstreamSettings): Upstream {
  const base = compileBaseUrl(baseUrl);
  const accept = fixedHeaders?.accept ?? 'application/json';
  // Fixed headers other than Accept: when there are none, a call's headers are not copied for them.
  const fixed = fixedHeaders && Object.keys(fixedHeaders).some((name) => name !== 'accept') ? fixedHeaders : undefined;

  /** A parsed 2xx body that UPSTREAM_ERROR_WHEN says is a refusal: thrown as one, with the API's reason. */
  function refusedIn(status: number, value: unknown, info: () => UpstreamRequestInfo, call: CallScope): void {
    if (errorWhen !== undefined && matchesRule(errorWhen, value)) {
      throw new UpstreamRefusedError(status, info(), withReason ? errorReason(value, false, redactorFor(sentCredentials(call))) : undefined, value);
    }
  }
  // Without {tenantId} the base is split once; with it, once per request (the tenant may be in the host).
  const fixedBase = baseUrl.includes('{tenantId}') ? undefined : splitBase(base.resolve(undefined));

  async function send(call: CallScope, method: HttpMethod, template: string, options: ApiRequestOptions = {}, exchange?: UpstreamExchange) {
    const { origin, prefix } = fixedBase ?? splitBase(base.resolve(call.tenantId));
    const { placed } = call;
    let query = options.search === undefined ? buildQuery(options.query) : joinSearch(buildQuery(options.query), options.search);
    if (placed !== undefined && placed.search !== '') query = joinSearch(query, placed.search);
    const path = prefix + buildPath(template, options.params, options.encodedParams) + query;
    const hasBody = options.body !== undefined;
    const form = hasBody && isFormData(options.body) ? ownFormData(options.body) : undefined;
    // call.headers is the call's own copy (forwardedHeaders builds one per call): Accept and User-Agent are
    // added in place (a forwarded User-Agent, if FORWARD_HEADERS names it, is kept).
    let headers = call.headers;
    headers.accept = accept;
    headers['user-agent'] ??= userAgent;
    if (hasBody || exchange?.traceHeaders || options.headers || fixed || placed?.inHeaders) {
      // Fixed, then a tool's extra headers first: what the hub forwarded (credentials, tenant) is never
      // replaced by a tool or a setting; the credentials placed for the tool's schemes go last.
      headers = { ...fixed, ...(options.headers && checkExtraHeaders(options.headers)), ...headers, ...placed?.headers, ...exchange?.traceHeaders };
      if (placed !== undefined && placed.cookies.length > 0) headers.cookie = [...(headers.cookie ? [headers.cookie] : []), ...placed.cookies].join('; ');
      // A FormData body gets its Content-Type from undici, with the boundary it writes between the parts.
      if (hasBody && !form) headers['content-type'] = options.contentType ?? 'application/json';
    }
    if (form) checkUploadSize(form, maxUploadBytes);
    else if (hasBody && options.contentType !== undefined && typeof options.body !== 'string') {
      throw new InvalidUpstreamRequestError(`A body sent as ${options.contentType} must be a string already encoded`);
    }

    const deadline = startDeadline(timeoutMs, call.signal);
    try {
      let response: Dispatcher.ResponseData;
      try {
        // dispatcher.request with origin and path: undici's request(url) would parse a URL per request.
        response = await dispatcher.request({
          origin,
          path,
          method,
          headers,
          body: form ?? (hasBody ? (options.contentType === undefined ? JSON.stringify(options.body) : (options.body as string)) : undefined),
          // undici takes any EventEmitter-like signal; see ./deadline.
          signal: deadline.signal as unknown as NonNullable<Dispatcher.RequestOptions['signal']>,
          // The deadline covers the headers and the whole body: undici's own timers, which restart on
          // every byte, would only add two timer changes per request.
          headersTimeout: 0,
          bodyTimeout: 0,
        });
      } catch (error) {
        throw mapTransportError(error, about(method, template, origin), call.signal, deadline.expired);
      }
      const { statusCode, headers: responseHeaders, body } = response;
      call.onStatus?.(statusCode);
      if (statusCode < 200 || statusCode > 299) {
        exchange?.answered(statusCode, Number(responseHeaders['content-length'] ?? -1));
        // A 4xx's JSON or plain-text body, capped and within this deadline, for its reason; any other body is dropped unread.
        // Its reason never keeps a credential the request carried (./redact).
        const sent = sentCredentials(call);
        const said = await readErrorBody(statusCode, responseHeaders, body, withReason, redactorFor(sent));
        const keySent = call.credentials?.keyRefusal === true && call.credentials.placement.apiKey && placed !== undefined && placed.values.length > 0;
        throw httpFailure(statusCode, about(method, template, origin), said, responseHeaders, sent, keySent);
      }

      let text: string;
      const declared = Number(responseHeaders['content-length'] ?? Number.NaN);
      try {
        if (declared <= maxResponseBytes) {
          // A declared length within the cap (undici holds the body to it): read in one go, as readCappedText does.
          text = await body.text();
          exchange?.answered(statusCode, declared);
        } else {
          const read = await readCappedText(body, declared, maxResponseBytes);
          exchange?.answered(statusCode, read.bytes);
          text = read.text;
        }
      } catch (error) {
        exchange?.answered(statusCode, Number(responseHeaders['content-length'] ?? -1));
        if (error === TOO_LARGE) throw new UpstreamResponseError('too-large', about(method, template, origin, statusCode));
        throw mapTransportError(error, about(method, template, origin, statusCode), call.signal, deadline.expired);
      }
      if (options.as === 'text') {
        // The rule needs the body parsed: only APIs that set it pay for that on text answers.
        if (errorWhen !== undefined && text !== '' && isJson(responseHeaders['content-type'])) {
          refusedIn(statusCode, parseOrUndefined(text), () => about(method, template, origin), call);
        }
        return text;
      }
      if (text === '') return null;
      if (!isJson(responseHeaders['content-type'])) throw new UpstreamResponseError('not-json', about(method, template, origin, statusCode));
      let value: unknown;
      try {
        value = JSON.parse(text) as unknown;
      } catch (error) {
        throw new UpstreamResponseError('not-json', about(method, template, origin, statusCode), { cause: error });
      }
      refusedIn(statusCode, value, () => about(method, template, origin), call);
      return value;
    } finally {
      deadline.clear();
    }
  }

  /** `send`, telling the call's observer when the request starts and ends. */
  async function observed(call: CallScope, method: HttpMethod, template: string, options?: ApiRequestOptions) {
    const exchange = call.observer!.start(method, template);
    try {
      const value = await send(call, method, template, options, exchange);
      exchange.end(undefined);
      return value;
    } catch (error) {
      exchange.end(error);
      throw error;
    }
  }

  /** Places the tool's credentials once per call (its schemes were compiled when the tool was defined). */
  function forCall(call: CallScope): ApiClient {
    // The forwarded headers stay as they came (contract, "Credentials forwarded", rule 1), the key that came as Authorization too.
    if (call.credentials !== undefined && call.placed === undefined) call.placed = place(call.credentials.placement, credentials, call.credentials.caller);
    return new ScopedApiClient(call.observer ? observed : send, call);
  }

  return {
    dispatcher,
    forCall,
    close: () => dispatcher.close(),
  };
}

