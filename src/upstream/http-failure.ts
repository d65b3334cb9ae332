// Which error a non-2xx answer becomes: a 429 (or a 503 with Retry-After) asks to wait, for how long it
// says; a 401 to a request that carried no credentials, or an API key on /mcp, is not an expired session;
// anything else is an UpstreamHttpError with the status. The reason, if any, is already read and redacted (./error-body).
import type { Dispatcher } from 'undici';
import { UpstreamHttpError, UpstreamKeyRefusedError, UpstreamNoCredentialsError, UpstreamRetryLaterError, type UpstreamRequestInfo } from './errors';
import type { ErrorBody } from './error-body';
import { carriesCredentials } from './redact';

/** Longest wait named (a day): a later date is an API's mistake or a maintenance window, not a retry. */
const MAX_WAIT_SECONDS = 86_400;

/** Retry-After as whole seconds from `now`: delta-seconds (`120`) or an HTTP-date; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (text === undefined || text === '') return undefined;
  let seconds: number;
  if (/^\d+$/.test(text)) seconds = Number(text);
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined; // an HTTP-date names its day and month
    seconds = Math.ceil((at - now) / 1000);
  }
  return Math.min(Math.max(seconds, 0), MAX_WAIT_SECONDS);
}

export function httpFailure(
  status: number,
  request: UpstreamRequestInfo,
  said: ErrorBody,
  responseHeaders: Dispatcher.ResponseData['headers'],
  sent: Readonly<Record<string, string>>,
  /** The request carried an API key placed by the server, on /mcp (./placement): a 401 means the key was refused. */
  keySent = false,
): UpstreamHttpError {
  const wait = status === 429 || status === 503 ? retryAfterSeconds(responseHeaders['retry-after']) : undefined;
  if (status === 429 || wait !== undefined) return new UpstreamRetryLaterError(status, request, wait, said.reason, said.body);
  if (status === 401 && keySent) return new UpstreamKeyRefusedError(request, said.reason, said.body);
  if (status === 401 && !carriesCredentials(sent)) return new UpstreamNoCredentialsError(request, said.reason, said.body);
  return new UpstreamHttpError(status, request, said.reason, said.body);
}
