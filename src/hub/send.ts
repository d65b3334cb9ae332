// One HTTP exchange with the hub over undici's `request`: sends, reads the whole answer (capped), and turns a
// missing answer (refused, reset, time-out) into HubNetworkError. Statuses are judged by the caller.
import { errors, request, type Dispatcher, type FormData } from 'undici';
import { startDeadline } from '../upstream/deadline';
import { readCapped, TOO_LARGE } from '../upstream/read-body';
import { HubNetworkError, HubResponseTooLargeError } from './errors';

export interface HubRequest {
  path: string;
  headers: Record<string, string>;
  body: string | FormData;
  signal?: AbortSignal;
}

export interface HubResponse {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  body: Buffer;
}

export interface SendOptions {
  baseUrl: string;
  dispatcher: Dispatcher;
  /** One deadline per request: pool wait, headers and the whole body. */
  timeoutMs: number;
  /** Answers (e.g. fetched files) above this are refused. */
  maxResponseBytes: number;
}

const METHOD = 'POST'; // every hub endpoint is a POST (contract, "Hub endpoints")

export async function sendHubRequest(options: SendOptions, req: HubRequest): Promise<HubResponse> {
  const url = options.baseUrl.replace(/\/+$/, '') + req.path;
  const deadline = startDeadline(options.timeoutMs, req.signal);
  try {
    const res = await request(url, {
      method: METHOD,
      headers: req.headers,
      body: req.body,
      dispatcher: options.dispatcher,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      signal: deadline.signal,
    });
    const body = await readCapped(res.body, Number(res.headers['content-length'] ?? Number.NaN), options.maxResponseBytes);
    return { status: res.statusCode, headers: res.headers, body };
  } catch (err) {
    if (err === TOO_LARGE) throw new HubResponseTooLargeError(METHOD, req.path, options.maxResponseBytes);
    if (req.signal?.aborted === true) throw err; // the caller cancelled: not the hub's failure
    const timedOut =
      deadline.expired ||
      err instanceof errors.HeadersTimeoutError ||
      err instanceof errors.BodyTimeoutError ||
      err instanceof errors.ConnectTimeoutError;
    throw new HubNetworkError(METHOD, req.path, timedOut, err, hostOf(options.baseUrl));
  } finally {
    deadline.clear();
  }
}

/** `https://hub.example.com/base` → `hub.example.com`; undefined if it does not parse. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/** The hub's error code from a JSON error body (`{ error: { code } }`), if it is a plain identifier. */
export function hubCodeOf(body: Buffer): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return undefined;
    const error: unknown = parsed.error;
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    return typeof code === 'string' && /^[A-Za-z0-9_.:-]{1,64}$/.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Parses a JSON answer; an empty or non-JSON body becomes `null` (bodies the contract leaves open). */
export function jsonOrNull(body: Buffer): unknown {
  if (body.length === 0) return null;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
