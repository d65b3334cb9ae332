// The customer's API answered with a non-2xx status, or with a 2xx whose body says the request failed
// (UPSTREAM_ERROR_WHEN, e.g. Slack's `{"ok": false}`). A 4xx carries the API's own reason.
import { UpstreamError, type UpstreamRequestInfo } from './upstream-error';

/** What a 4xx body said, parsed by ../error-reason: bounded, stripped of control characters and markup. */
export interface UpstreamReason {
  /** The API's words, e.g. `No such customer: 'cus_x'` (at most 300 characters). */
  text: string;
  /** The input field it names, when the body names one (`param`, `field`, a JSON pointer's last part). */
  field?: string;
}

export class UpstreamHttpError extends UpstreamError {
  override name = 'UpstreamHttpError';
  constructor(
    readonly status: number,
    request: UpstreamRequestInfo,
    /**
     * The API's reason, for 4xx answers (and errors inside a 2xx) while UPSTREAM_ERROR_REASON is not `off`;
     * never for 5xx. Shown to the model by src/tools/results.ts.
     */
    readonly reason?: UpstreamReason,
    /**
     * The parsed JSON body of a 4xx answer (or of the 2xx that held an error), for a tool that reads the
     * API's own error fields; undefined for 5xx, for a body that is not JSON or is larger than 16 KiB.
     */
    readonly body?: unknown,
    code = 'UPSTREAM_HTTP_STATUS',
  ) {
    super(code, `answered HTTP ${status}`, request);
    // The raw body may echo the request's credentials: readable by a tool, never written by a log's error
    // serializer or JSON.stringify (only enumerable properties are).
    Object.defineProperty(this, 'body', { enumerable: false });
  }
}

/** A 2xx answer whose body says the request failed, by the rule UPSTREAM_ERROR_WHEN (e.g. `ok:false`). */
export class UpstreamRefusedError extends UpstreamHttpError {
  override name = 'UpstreamRefusedError';
  constructor(status: number, request: UpstreamRequestInfo, reason: UpstreamReason | undefined, body: unknown) {
    super(status, request, reason, body, 'UPSTREAM_REFUSED_IN_BODY');
  }
}
