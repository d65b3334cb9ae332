// The error classes of making credentials for the customer's API; match on `instanceof` or `code`.
export { UpstreamAuthError, type UpstreamGrant } from './upstream-auth-error';
export { UpstreamAuthExpiredError } from './upstream-auth-expired-error';
export { UpstreamAuthUnavailableError } from './upstream-auth-unavailable-error';
export { UpstreamAuthRefusedError } from './upstream-auth-refused-error';
export { McpTokenForwardError } from './mcp-token-forward-error';
export { NoUserError } from './no-user-error';
