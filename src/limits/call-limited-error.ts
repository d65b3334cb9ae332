// A tool call refused by the per-user limits before it ran; mapped to a "wait and try again" result.
export type CallLimit = 'RATE_LIMITED' | 'TOO_MANY_IN_FLIGHT';

export class CallLimitedError extends Error {
  override name = 'CallLimitedError';
  constructor(
    readonly code: CallLimit,
    /** When a retry may succeed: the next token of the bucket, or a guess for calls in flight. */
    readonly retryAfterMs: number,
  ) {
    super(code === 'RATE_LIMITED' ? 'tool call rate limit reached' : 'too many tool calls in flight');
  }
}
