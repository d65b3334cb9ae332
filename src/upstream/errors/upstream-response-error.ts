// The customer's API answered 2xx with a body we cannot use: not JSON, or larger than the cap.
import { UpstreamError, type UpstreamRequestInfo } from './upstream-error';

export type UpstreamResponseProblem = 'not-json' | 'too-large';

export class UpstreamResponseError extends UpstreamError {
  override name = 'UpstreamResponseError';
  constructor(
    readonly problem: UpstreamResponseProblem,
    request: UpstreamRequestInfo,
    options?: { cause?: unknown },
  ) {
    super(
      problem === 'not-json' ? 'UPSTREAM_NOT_JSON' : 'UPSTREAM_TOO_LARGE',
      problem === 'not-json' ? 'answered with a body that is not JSON' : 'answered with a body over the size cap',
      request,
      options,
    );
  }
}
