// Credentials for the customer's API on /mcp in oauth mode: UPSTREAM_AUTH=token-exchange
// exchanges the client's token for one made for UPSTREAM_AUDIENCE (RFC 8693); on-behalf-of does the same
// with Microsoft Entra ID's request (the JWT bearer grant, requested_token_use=on_behalf_of);
// client-credentials uses this server's own token plus the verified subject. The client's token is only ever
// the subject_token or assertion of an exchange: never returned as a header, never logged, never a cache
// key (tokenKey is). A machine caller (no user) gets no credential that names a user (NoUserError).
import type { Logger } from '../logger';
import type { Cancellation } from '../call-signal';
import type { Principal, StepTracer, UpstreamCredentials } from './principal';
import { NoUserError, UpstreamAuthError, UpstreamAuthRefusedError, UpstreamAuthUnavailableError } from './errors';
import type { Reachability } from './reachability';
import type { UpstreamAuthMode } from './settings';
import { CredentialsCache, lifetime, type MadeCredentials } from './upstream-cache';
import { ACCESS_TOKEN_TYPE, requestToken, type GrantClient } from './upstream-grant';
import { isLater, type NowOrLater } from './now-or-later';
import { untilCancelled } from './upstream-wait';

export interface UpstreamTokenOptions extends GrantClient {
  /** UPSTREAM_AUTH. */
  readonly mode: UpstreamAuthMode;
  /**
   * UPSTREAM_AUDIENCE: the audience (and, when it is an absolute URI, the RFC 8707 resource) of the tokens
   * made; on-behalf-of: the API's Application ID URI, whose `<audience>/.default` is the scope asked for.
   */
  readonly audience: string;
  /** UPSTREAM_USER_HEADER (client-credentials mode): carries the verified `sub`. Default x-user-subject. */
  readonly userHeader?: string;
  /**
   * A `scope` to ask for, for servers that require one (Okta's token exchange does); none by default.
   * On-behalf-of: default `<audience>/.default` (Entra requires a scope and takes no audience).
   */
  readonly scope?: string;
  readonly logger: Logger;
  /** Exchanged tokens kept at most (one per client token); default 10,000, the oldest goes first. */
  readonly maxEntries?: number;
  /** Assumed life of a token whose response has no `expires_in`; default 5 minutes. */
  readonly defaultLifetimeMs?: number;
  /** The clock; injected in tests. */
  readonly now?: () => number;
  /** Told when the token endpoint does not answer and when it answers again. */
  readonly reachability?: Reachability;
}

export interface UpstreamTokens {
  /** Makes the headers for one call; rejects with an UpstreamAuthError (sign in again, retry, operator). */
  readonly credentials: UpstreamCredentials;
  /** Entries in the cache now. */
  readonly size: number;
}

const ONE_KEY = 'server';

/** A header value must be visible ASCII: a `sub` with other characters is sent percent-encoded. */
const HEADER_SAFE = /^[\x20-\x7e]*$/;

function isAbsoluteUri(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) && URL.canParse(value);
}

export function createUpstreamTokens(options: UpstreamTokenOptions): UpstreamTokens {
  const { mode, audience, logger, now = Date.now, defaultLifetimeMs = 300_000 } = options;
  const userHeader = (options.userHeader ?? 'x-user-subject').toLowerCase();
  const cache = new CredentialsCache({
    maxEntries: options.maxEntries ?? 10_000,
    now,
    onRefreshFailed: () => undefined, // logged where it failed; the entry is used until it expires
  });
  // audience for every server; resource (RFC 8707) only for a URI, which it must be.
  const target: Record<string, string> = { audience };
  if (isAbsoluteUri(audience)) target.resource = audience;
  if (options.scope !== undefined) target.scope = options.scope;
  // Entra's v2.0 endpoint names the API by scope alone and refuses a `resource` parameter (AADSTS901002).
  const onBehalfOf = { scope: options.scope ?? `${audience.replace(/\/+$/, '')}/.default`, requested_token_use: 'on_behalf_of' };

  /** One request at the token endpoint, with its span and its warn line; never logs a token. */
  async function grant(parameters: Record<string, string>, span: StepTracer | undefined): Promise<{ accessToken: string; expiresIn: number | undefined }> {
    const step = span?.startStep(`oauth ${mode}`, { 'oauth.grant': mode, 'oauth.audience': audience });
    try {
      const token = await requestToken(options, mode, parameters);
      step?.end(undefined);
      options.reachability?.answered();
      return token;
    } catch (error) {
      step?.end(error instanceof UpstreamAuthError ? error.code : 'INTERNAL');
      if (error instanceof UpstreamAuthUnavailableError) {
        options.reachability?.failed(`${mode}: ${error.problem}`);
        logger.warn({ grant: mode, problem: error.problem, status: error.status }, 'authorization server unavailable');
      } else if (error instanceof UpstreamAuthRefusedError) {
        options.reachability?.answered();
        logger.error({ grant: mode, oauthError: error.oauthError, status: error.status }, "authorization server refused this server's client");
      }
      throw error;
    }
  }

  async function exchange(principal: Principal, span: StepTracer | undefined): Promise<MadeCredentials> {
    const parameters = { ...target, subject_token: principal.token, subject_token_type: ACCESS_TOKEN_TYPE, requested_token_type: ACCESS_TOKEN_TYPE };
    const started = now();
    const token = await grant(parameters, span);
    // Never past the client's own token: a user whose sign-in ended gets nothing more from its exchange.
    return { headers: { authorization: `Bearer ${token.accessToken}` }, ...lifetime(started, token.expiresIn, defaultLifetimeMs, principal.expiresAt) };
  }

  /** Entra's on-behalf-of request: the client's token is the assertion; cached and bounded like an exchange. */
  async function onBehalfOfUser(principal: Principal, span: StepTracer | undefined): Promise<MadeCredentials> {
    const started = now();
    const token = await grant({ ...onBehalfOf, assertion: principal.token }, span);
    return { headers: { authorization: `Bearer ${token.accessToken}` }, ...lifetime(started, token.expiresIn, defaultLifetimeMs, principal.expiresAt) };
  }

  async function ownToken(span: StepTracer | undefined): Promise<MadeCredentials> {
    const started = now();
    const token = await grant(target, span);
    return { headers: { authorization: `Bearer ${token.accessToken}` }, ...lifetime(started, token.expiresIn, defaultLifetimeMs) };
  }

  function subjectValue(subject: string): string {
    return HEADER_SAFE.test(subject) ? subject : encodeURIComponent(subject);
  }

  /** Cached credentials at once (no promise); pending ones awaited for as long as this call is not cancelled. */
  function settle<T>(made: NowOrLater<MadeCredentials>, signal: Cancellation | undefined, use: (made: MadeCredentials) => T): NowOrLater<T> {
    return isLater(made) ? untilCancelled(made, signal).then(use) : use(made);
  }

  const headersOf = (made: MadeCredentials) => made.headers;
  const credentials: UpstreamCredentials =
    mode === 'token-exchange'
      ? (principal, signal, span) => settle(cache.get(principal.tokenKey, () => exchange(principal, span)), signal, headersOf)
      : mode === 'on-behalf-of'
        ? (principal, signal, span) => {
            // Entra's on-behalf-of works for user principals only; an app-only token names no user to act for.
            if (principal.machine === true) throw new NoUserError({ grant: mode });
            return settle(cache.get(principal.tokenKey, () => onBehalfOfUser(principal, span)), signal, headersOf);
          }
        : (principal, signal, span) => {
            // The API would read the header as a person's subject: a machine client's id is not one.
            if (principal.machine === true) throw new NoUserError({ grant: mode });
            return settle(cache.get(ONE_KEY, () => ownToken(span)), signal, (made) => ({ ...made.headers, [userHeader]: subjectValue(principal.subject) }));
          };

  return {
    credentials,
    get size() {
      return cache.size;
    },
  };
}
