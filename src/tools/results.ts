// Builds tool results, and maps every failure to the result the model reads: the ONE place that decides
// what a user hears about a failure (contract, "Credentials forwarded", rules 4-6; Errors table).
import { InvalidUpstreamRequestError, UpstreamError } from '../upstream/errors';
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
import { McpTokenForwardError, NoUserError, UpstreamAuthError, UpstreamAuthExpiredError, UpstreamAuthUnavailableError } from '../auth/errors';
import { MESSAGES, saidAfter, upstreamCode, upstreamMessage } from './upstream-messages';
import { ToolError } from './tool-error';
import type { ToolResult } from './tool-types';

export type { ToolResult } from './tool-types';

export function textResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }] };
}

export function errorResult(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

export { MESSAGES } from './upstream-messages';

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

/** Making credentials for the customer's API on /mcp in oauth mode; never a fallback to the client's token. */
function upstreamAuthMessage(error: UpstreamAuthError): string {
  if (error instanceof UpstreamAuthExpiredError) return MESSAGES.signInAgain;
  if (error instanceof UpstreamAuthUnavailableError) {
    return 'The sign-in service could not be reached to authorize this request (error: authorization server unavailable). Please try again in a moment.';
  }
  return "This tool server was refused access on your behalf by the sign-in service (error: the server's OAuth client was refused). Ask your administrator to check the tool server's registration.";
}

/**
 * Maps any thrown value to a result. Nothing from upstream headers or stacks reaches the text, and of
 * bodies only a 4xx's parsed reason, bounded, stripped and without credentials, quoted as the API's words
 * (./upstream-messages).
 */
export function failureResult(error: unknown): MappedFailure {
  if (error instanceof CallLimitedError) return { result: errorResult(limitMessage(error)), outcome: error.code, unexpected: false };
  // A tool's sentence for an API's refusal it caught keeps the API's words beside it (`{ cause: error }`).
  if (error instanceof ToolError) return { result: errorResult(error.message + saidAfter(error.cause)), outcome: error.code, unexpected: false };
  if (error instanceof UpstreamError) return { result: errorResult(upstreamMessage(error)), outcome: upstreamCode(error), unexpected: false };
  if (error instanceof HubError) {
    // A bad key or a missing setting is the operator's to fix: log it in full.
    const operator = error instanceof HubKeyError || error instanceof HubPermissionError || error instanceof HubNotConfiguredError;
    return { result: errorResult(hubMessage(error)), outcome: error.code, unexpected: operator };
  }
  if (error instanceof UpstreamAuthError) return { result: errorResult(upstreamAuthMessage(error)), outcome: error.code, unexpected: false };
  if (error instanceof McpTokenForwardError) return { result: errorResult(error.message), outcome: error.code, unexpected: false };
  if (error instanceof NoUserError) return { result: errorResult(error.message), outcome: error.code, unexpected: false };
  if (error instanceof InvalidUpstreamRequestError && error.userMessage !== undefined) {
    return { result: errorResult(error.userMessage), outcome: error.code, unexpected: false };
  }
  return { result: errorResult(MESSAGES.internal), outcome: 'INTERNAL', unexpected: true };
}
