// A call on the hub's lane (/sse, /messages) in oauth mode carried a token made for this server's /mcp:
// such a token is never passed on to the customer's API (MCP 2025-06-18 forbids token passthrough), so the
// call ends with a sentence that sends the client to /mcp, which verifies it and makes the API's own token.
export class McpTokenForwardError extends Error {
  override name = 'McpTokenForwardError';
  readonly code = 'MCP_TOKEN_NOT_FORWARDED';

  constructor(
    /** OAUTH_RESOURCE: where the client should connect instead. */
    readonly resource: string,
  ) {
    super(
      `This access token was issued for this tool server's ${resource} endpoint, and it is never passed on to the API (error: token for /mcp on the hub's lane). ` +
        `Connect the client to ${resource} instead of /sse and /messages: there it signs in and the API gets a token made for it.`,
    );
  }
}
