// No answer from the hub: connection refused or reset, DNS failure, or a time-out
// (code HUB_TIMEOUT for time-outs, HUB_UNREACHABLE otherwise).
import { HubError } from './hub-error';

export class HubNetworkError extends HubError {
  override name = 'HubNetworkError';

  constructor(
    method: string,
    path: string,
    readonly timedOut: boolean,
    cause: unknown,
    /** The hub's host (and port), for the call's log line: never a path, query or credentials. */
    readonly host?: string,
  ) {
    super(
      timedOut ? 'HUB_TIMEOUT' : 'HUB_UNREACHABLE',
      method,
      path,
      timedOut ? 'the hub did not answer in time' : 'could not reach the hub',
      { cause },
    );
  }
}
