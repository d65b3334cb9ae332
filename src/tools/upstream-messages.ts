// What the model reads when the customer's API fails (contract, "Credentials forwarded", rules 4-6): the
// sentences of src/tools/results.ts's failureResult for UpstreamError, and the API's own words quoted
// after a tool's sentence. Nothing from upstream headers or stacks; of bodies only a 4xx's reason, already
// bounded, stripped and without the request's credentials (src/upstream/error-reason.ts, ./redact).
import { STATUS_CODES } from 'node:http';
import {
  UpstreamError,
  UpstreamHttpError,
  UpstreamNoCredentialsError,
  UpstreamKeyRefusedError,
  UpstreamRefusedError,
  UpstreamResponseError,
  UpstreamRetryLaterError,
  UpstreamTimeoutError,
  type UpstreamReason,
} from '../upstream/errors';
import { apiNameOf } from './api-name';

export const MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: "You don't have permission to perform this action. Ask your administrator for access if you need it.",
  signInAgain: 'Your sign-in is no longer valid (it expired or was revoked). Please sign in to this tool server again, then retry.',
  internal: 'Something went wrong while running this tool (internal error). Please try again; if it keeps happening, contact support.',
} as const;

/** "The company's system" from "the company's system": the name starts the sentence. */
const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** ` "No such customer: 'cus_x'" (field: customer)`: the API's words, already bounded and stripped (src/upstream/error-reason.ts). */
const quoted = (reason: UpstreamReason) => ` "${reason.text}"${reason.field === undefined ? '' : ` (field: ${reason.field})`}`;

/** Words that only restate a refusal's status ("Forbidden", "permission_denied"): they tell the model nothing. */
const GENERIC = new Set(['forbidden', 'accessdenied', 'permissiondenied', 'notallowed', 'unauthorized', 'unauthorised', 'error', 'badrequest', 'notfound']);
const squashed = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** The API's reason, unless it only restates the status. */
function informative(status: number, reason: UpstreamReason | undefined): UpstreamReason | undefined {
  if (reason === undefined) return undefined;
  const words = squashed(reason.text);
  return GENERIC.has(words) || words === squashed(STATUS_CODES[status] ?? '') ? undefined : reason;
}

/** How long to wait, from the API's Retry-After: "Wait 30 seconds, then try again." */
function waitSentence(seconds: number | undefined): string {
  if (seconds === undefined) return 'Wait a minute, then try again.';
  if (seconds === 0) return 'Please try again in a moment.';
  if (seconds < 120) return `Wait ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`;
  return `Wait about ${Math.ceil(seconds / 60)} minutes (${seconds} seconds), then try again.`;
}

/**
 * A redirect the API answered. It is not followed, on purpose: the request carries the user's credentials,
 * which must reach no address but the one this server was set up for. A 303 after a change usually means
 * the change was made and its result lives elsewhere, so the model checks before it repeats anything.
 */
function redirectMessage(status: number, api: string): string {
  const notFollowed = "This tool server does not follow redirects, on purpose: the user's credentials are sent only to the API address it was set up with.";
  if (status === 303) {
    return `${api} answered that the result is at another address (HTTP 303 redirect), so the request may already have been carried out. ${notFollowed} Check whether it took effect before trying again; if this keeps happening, ask your administrator to check this tool against the API's documentation.`;
  }
  const moved = status === 301 || status === 308 ? 'has moved to another address' : 'is redirecting this request to another address';
  return `${api} ${moved} (HTTP ${status} redirect). ${notFollowed} Do not retry the same request: if the item was moved or renamed, look it up again and use its new identifier; otherwise ask your administrator to update the API address this tool server uses.`;
}

/** The statuses that send the client elsewhere (RFC 9110, section 15.4); 304 and 300 are not redirects of a call. */
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

function httpMessage(error: UpstreamHttpError, api: string): string {
  const { status } = error;
  const reason = informative(status, error.reason);
  // No credentials were sent at all: nothing expired; the client's connection must be set up to send them.
  if (error instanceof UpstreamNoCredentialsError) {
    return `${api} refused the request (HTTP 401) because it carried no credentials: the assistant's connection to this tool server sends none. Ask your administrator to set up that connection to send the user's credentials (an Authorization header, a cookie or an API key), then try again.`;
  }
  // On /mcp an API key was sent and refused: signing in again would change nothing; the key must be fixed.
  if (error instanceof UpstreamKeyRefusedError) {
    return `${api} refused the API key this request carried (HTTP 401): it is wrong, revoked or not allowed this action. Check the API key your connection to this tool server sends, or ask your administrator to check the key the tool server is set up with, then try again.`;
  }
  // 401 keeps the contract's sentence alone: the user's only step is to sign in again.
  if (status === 401) return MESSAGES.sessionExpired;
  // 403 keeps the contract's wording first; the API's reason (a missing scope) follows it.
  if (status === 403) return reason === undefined ? MESSAGES.forbidden : `${MESSAGES.forbidden} ${api} said:${quoted(reason)}.`;
  if (error instanceof UpstreamRetryLaterError) {
    const what = status === 429 ? `is receiving too many requests (HTTP ${status})` : `is temporarily unavailable (HTTP ${status} error)`;
    return `${api} ${what}${reason === undefined ? '' : `:${quoted(reason)}`}. ${waitSentence(error.retryAfterSeconds)}`;
  }
  if (error instanceof UpstreamRefusedError) {
    return `${api} refused the request${reason === undefined ? ' (error reported in its answer)' : `:${quoted(reason)}`}. Please check the request and try again.`;
  }
  if (REDIRECTS.has(status)) return redirectMessage(status, api);
  if (status >= 500) return `${api} returned an error (HTTP ${status}). Please try again in a moment.`; // never a 5xx body
  if (reason === undefined) return `${api} returned an error (HTTP ${status}). Please check the request and try again.`;
  return `${api} refused the request (HTTP ${status}):${quoted(reason)}. Please check the request and try again.`;
}

export function upstreamMessage(error: UpstreamError): string {
  const api = capitalised(apiNameOf(error));
  if (error instanceof UpstreamHttpError) return httpMessage(error, api);
  if (error instanceof UpstreamTimeoutError) {
    return `${api} did not answer in time (timeout error). Please try again in a moment.`;
  }
  if (error instanceof UpstreamResponseError) {
    return error.problem === 'too-large'
      ? `${api} returned more data than this tool can handle (error: response too large). Try narrowing the request.`
      : `${api} returned an answer this tool cannot read (error: not JSON). Please try again later.`;
  }
  return `${api} could not be reached (connection error). Please try again in a moment.`;
}

/**
 * ` The company's system said: "Issue does not exist…".`, for a tool's own sentence whose cause is the API's
 * refusal (`new ToolError('There is no issue PROJ-1…', { cause: error })`); '' when it gave no reason.
 */
export function saidAfter(cause: unknown): string {
  if (!(cause instanceof UpstreamHttpError)) return '';
  const reason = informative(cause.status, cause.reason);
  return reason === undefined ? '' : ` ${capitalised(apiNameOf(cause))} said:${quoted(reason)}.`;
}

/** The log line's code: UPSTREAM_HTTP_<status>, or the error's own (UPSTREAM_RATE_LIMITED, UPSTREAM_NO_CREDENTIALS…). */
export const upstreamCode = (error: UpstreamError): string =>
  error instanceof UpstreamHttpError && error.code === 'UPSTREAM_HTTP_STATUS' ? `UPSTREAM_HTTP_${error.status}` : error.code;
