// The authorization server could not make a token now: unreachable, too slow (the upstream deadline), an
// answer of 5xx or 429, or one that is not a token response. Worth a retry in a moment.
import { UpstreamAuthError, type UpstreamGrant } from './upstream-auth-error';

export class UpstreamAuthUnavailableError extends UpstreamAuthError {
  override name = 'UpstreamAuthUnavailableError';

  constructor(
    grant: UpstreamGrant,
    /** What went wrong, for the log ('undiscovered': its metadata has not been read yet). */
    readonly problem: 'timeout' | 'network' | 'status' | 'bad-answer' | 'undiscovered',
    /** The HTTP status, when an answer arrived. */
    readonly status: number | undefined,
    options?: { cause?: unknown },
  ) {
    const detail =
      problem === 'timeout' ? 'did not answer in time' : problem === 'network' ? 'could not be reached' : problem === 'status' ? `answered HTTP ${status}` : problem === 'undiscovered' ? 'its metadata is not known yet' : 'answered with something that is not a token';
    super('AUTH_UNAVAILABLE', grant, detail, options);
  }
}
