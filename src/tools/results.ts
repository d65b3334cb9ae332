// Builds tool results, and maps every failure to the result the model reads: the ONE place that decides
// what a user hears about a failure (contract, "Credentials forwarded", rules 4-6; Errors table).
import { STATUS_CODES } from 'node:http';
import { InvalidUpstreamRequestError, UpstreamError, UpstreamHttpError, UpstreamRefusedError, UpstreamResponseError, UpstreamTimeoutError, type UpstreamReason } from '../upstream/errors';
import {
  HubError,
  HubKeyError,
  HubNetworkError,
  HubNotConfiguredError,
  HubNotFoundError,
  HubPermissionError,
  HubResponseTooLargeError,
} from '../hub/errors';
import { CallLimitedError } from '../limits/call-limited-error';
import { McpTokenForwardError, UpstreamAuthError, UpstreamAuthExpiredError, UpstreamAuthUnavailableError } from '../auth/errors';
import { apiNameOf } from './api-name';
import { ToolError } from './tool-error';
import type { ToolResult } from './tool-types';

export type { ToolResult } from './tool-types';

export function textResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

export function errorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

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

function httpMessage(error: UpstreamHttpError, api: string): string {
  const { status } = error;
  const reason = informative(status, error.reason);
  // 401 keeps the contract's sentence alone: the user's only step is to sign in again.
  if (status === 401) return MESSAGES.sessionExpired;
  // 403 keeps the contract's wording first; the API's reason (a missing scope, a rate limit) follows it.
  if (status === 403) return reason === undefined ? MESSAGES.forbidden : `${MESSAGES.forbidden} ${api} said:${quoted(reason)}.`;
  if (error instanceof UpstreamRefusedError) {
    return `${api} refused the request${reason === undefined ? ' (error reported in its answer)' : `:${quoted(reason)}`}. Please check the request and try again.`;
  }
  if (status >= 500) return `${api} returned an error (HTTP ${status}). Please try again in a moment.`; // never a 5xx body
  if (reason === undefined) return `${api} returned an error (HTTP ${status}). Please check the request and try again.`;
  return `${api} refused the request (HTTP ${status}):${quoted(reason)}. Please check the request and try again.`;
}

function upstreamMessage(error: UpstreamError): string {
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

function hubMessage(error: HubError): string {
  if (error instanceof HubNotFoundError) {
    return `There is no file named "${error.fileName}" in your library. Check the exact name (it is case-sensitive) and try again.`;
  }
  if (error instanceof HubNotConfiguredError) {
    return `Your file library is not available from this tool server (${error.envVar} is not configured). Ask your administrator to set it up.`;
  }
  if (error instanceof HubKeyError || error instanceof HubPermissionError) {
    const why = error instanceof HubKeyError ? 'its key was not accepted' : `its key lacks the ${error.scope} permission`;
    return `The assistant hub refused this tool server's access to your library (error: ${why}). Ask your administrator to check the tool server's hub keys.`;
  }
  if (error instanceof HubResponseTooLargeError) {
    return 'That file is too large for this tool to read (error: over the size limit). Ask the user for a smaller file.';
  }
  if (error instanceof HubNetworkError) {
    return 'The assistant hub could not be reached (connection error). Please try again in a moment.';
  }
  return `The assistant hub returned an error${error.status === undefined ? '' : ` (HTTP ${error.status})`}. Please try again in a moment.`;
}

export interface MappedFailure {
  result: ToolResult;
  /** Stable code for the log line: the error's code, or INTERNAL. */
  outcome: string;
  /** True when the failure is a bug or an unknown condition whose detail belongs in the log. */
  unexpected: boolean;
}

function limitMessage(error: CallLimitedError): string {
  if (error.code === 'TOO_MANY_IN_FLIGHT') {
    return 'Too many of your requests are still running (error: too many in flight). Wait for them to finish, then try again.';
  }
  const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000));
  return `Too many requests in a short time (error: rate limited). Wait about ${seconds} second${seconds === 1 ? '' : 's'}, then try again.`;
}

/** Making credentials for the customer's API on /mcp in oauth mode (issue 17); never a fallback to the client's token. */
function upstreamAuthMessage(error: UpstreamAuthError): string {
  if (error instanceof UpstreamAuthExpiredError) return MESSAGES.signInAgain;
  if (error instanceof UpstreamAuthUnavailableError) {
    return 'The sign-in service could not be reached to authorize this request (error: authorization server unavailable). Please try again in a moment.';
  }
  return "This tool server was refused access on your behalf by the sign-in service (error: the server's OAuth client was refused). Ask your administrator to check the tool server's registration.";
}

/**
 * Maps any thrown value to a result. Nothing from upstream headers or stacks reaches the text, and of
 * bodies only a 4xx's parsed reason, bounded and stripped, quoted as the API's words (issue 33).
 */
export function failureResult(error: unknown): MappedFailure {
  if (error instanceof CallLimitedError) return { result: errorResult(limitMessage(error)), outcome: error.code, unexpected: false };
  if (error instanceof ToolError) return { result: errorResult(error.message), outcome: error.code, unexpected: false };
  if (error instanceof UpstreamError) {
    const code = error instanceof UpstreamHttpError && !(error instanceof UpstreamRefusedError) ? `UPSTREAM_HTTP_${error.status}` : error.code;
    return { result: errorResult(upstreamMessage(error)), outcome: code, unexpected: false };
  }
  if (error instanceof HubError) {
    // A bad key or a missing setting is the operator's to fix: log it in full.
    const operator = error instanceof HubKeyError || error instanceof HubPermissionError || error instanceof HubNotConfiguredError;
    return { result: errorResult(hubMessage(error)), outcome: error.code, unexpected: operator };
  }
  if (error instanceof UpstreamAuthError) return { result: errorResult(upstreamAuthMessage(error)), outcome: error.code, unexpected: false };
  if (error instanceof McpTokenForwardError) return { result: errorResult(error.message), outcome: error.code, unexpected: false };
  if (error instanceof InvalidUpstreamRequestError && error.userMessage !== undefined) {
    return { result: errorResult(error.userMessage), outcome: error.code, unexpected: false };
  }
  return { result: errorResult(MESSAGES.internal), outcome: 'INTERNAL', unexpected: true };
}
