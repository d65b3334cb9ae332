// Who a verified OAuth access token says is calling `/mcp` (MCP_AUTH=oauth), and how the tool path gets
// credentials for the customer's API from it. The client's token itself never reaches src/upstream: it
// is only ever the subject_token of an RFC 8693 exchange (src/auth), never forwarded, never logged.
import type { Cancellation } from '../call-signal';
import type { NoUserError, UpstreamAuthError } from './errors';
import type { NowOrLater } from './now-or-later';

/** A caller whose bearer token this server verified (signature or introspection, issuer, audience, time). */
export interface Principal {
  /** The token's `sub`. Never logged: logs and limits use `subjectTag`. */
  readonly subject: string;
  /** A short hash of the issuer and subject: the only form of the caller's identity in logs and limit keys. */
  readonly subjectTag: string;
  /** The scopes the token grants (its `scope` claim, or `scp`). */
  readonly scopes: ReadonlySet<string>;
  /** The verified token. Used only as the subject_token of a token exchange. */
  readonly token: string;
  /** A hash of the token: the key of every cache that holds something derived from it. */
  readonly tokenKey: string;
  /** When the token expires (ms since the epoch), from `exp`; Infinity when it has none. */
  readonly expiresAt: number;
  /**
   * True for a machine client signed in for itself (OAuth client credentials: a CI job, a backend), with no
   * user: `subject` is then the client's id (./principal-of.ts says how it is told). Absent: a user.
   */
  readonly machine?: boolean;
}

/**
 * Makes the credentials headers (lower-case names) the customer's API receives for one call made by a
 * verified principal: an exchanged token, or the server's own token plus the subject. Cached ones are
 * returned as they are (no promise); otherwise a promise. Fails (throws or rejects) with an error the tool
 * path maps to a result (sign in again / retry), never with the client's token.
 */
export type UpstreamCredentials = (
  principal: Principal,
  /** The call's cancellation: a cancelled call stops waiting (an exchange shared with other calls goes on). */
  signal?: Cancellation,
  /** The call's span, when tracing is on: a request to the authorization server is a step of it. */
  span?: StepTracer,
) => NowOrLater<Readonly<Record<string, string>>>;

/** What a trace needs to show a step of a call, such as a token exchange (src/telemetry: CallSpan.startStep). */
export interface StepTracer {
  startStep(name: string, attributes: Readonly<Record<string, string>>): { end(errorType: string | undefined): void };
}

/**
 * The customer API's credentials for one call, made by the /mcp lane before the call runs (so a token the
 * authorization server refused is answered 401 and the client refreshes), or the failure the
 * tool path turns into a result (retry, operator). Never the client's token.
 */
export type PreparedCredentials = Readonly<Record<string, string>> | UpstreamAuthError | NoUserError;
