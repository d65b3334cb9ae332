// A tool asked for a request the client refuses to send (absolute URL, `..`, missing tenant, bad parameter).
// Raised before anything leaves the process.
export class InvalidUpstreamRequestError extends Error {
  override name = 'InvalidUpstreamRequestError';
  readonly code = 'UPSTREAM_REQUEST_INVALID';
  constructor(
    message: string,
    /** A sentence the model may read, when the problem is the user's input or setup rather than the code. */
    readonly userMessage?: string,
  ) {
    super(message);
  }
}
