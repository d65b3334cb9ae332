// The authorization server's metadata (RFC 8414), from `/.well-known/oauth-authorization-server`, else
// OpenID Connect's `/.well-known/openid-configuration`, fetched at start and retried with backoff until it
// answers. The server starts without it (a hosted deployment must not crash-loop because its authorization
// server is down): /health answers 503 naming it, a /mcp request waits a few seconds for it, then 503, and
// the log says why.
import type { Logger } from '../logger';
import { libraries, type AuthorizationServer } from './libraries';

export interface DiscoveryOptions {
  issuer: string;
  /** http:// allowed (outside production only). */
  allowInsecureRequests: boolean;
  logger: Logger;
  /** First retry after this long, doubling up to `maxRetryMs`. */
  firstRetryMs?: number;
  maxRetryMs?: number;
}

export interface Discovery {
  /** The metadata once discovered; undefined while the authorization server has not answered. */
  current(): AuthorizationServer | undefined;
  /** Resolves once discovered (never rejects: discovery retries until it succeeds or close()). */
  ready(): Promise<AuthorizationServer>;
  /**
   * The metadata, waiting at most `ms` for it (undefined then). Starts an attempt at once when none is
   * under way and none started in the last second, so a waiting request does not sit out the backoff.
   */
  within(ms: number): Promise<AuthorizationServer | undefined>;
  /** Why the last attempt failed, while undiscovered (names the issuer, never a secret). */
  lastError(): string | undefined;
  close(): void;
}

/** Why discovery failed, in a sentence that names the issuer and never a secret. */
export class DiscoveryError extends Error {
  override name = 'DiscoveryError';
  readonly code = 'AUTH_DISCOVERY_FAILED';
}

/** One attempt: the OAuth 2.0 document, else the OpenID Connect one; the issuer in it must be ours. */
export async function discover(issuer: URL, allowInsecureRequests: boolean): Promise<AuthorizationServer> {
  const { oauth } = await libraries();
  const failures: string[] = [];
  for (const algorithm of ['oauth2', 'oidc'] as const) {
    try {
      const response = await oauth.discoveryRequest(issuer, { algorithm, [oauth.allowInsecureRequests]: allowInsecureRequests, signal: AbortSignal.timeout(5_000) });
      const metadata = await oauth.processDiscoveryResponse(issuer, response);
      if (metadata.jwks_uri === undefined && metadata.introspection_endpoint === undefined) {
        throw new DiscoveryError(`the ${algorithm} metadata of ${issuer.href} has neither jwks_uri nor introspection_endpoint: tokens could not be verified`);
      }
      return metadata;
    } catch (error) {
      if (error instanceof DiscoveryError) throw error;
      failures.push(`${algorithm === 'oauth2' ? 'oauth-authorization-server' : 'openid-configuration'}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new DiscoveryError(`the authorization server ${issuer.href} could not be discovered (${failures.join('; ')})`);
}

/** An early attempt (a request waiting for discovery) at most this often. */
const EARLY_ATTEMPT_MS = 1_000;

export function createDiscovery({ issuer, allowInsecureRequests, logger, firstRetryMs = 1_000, maxRetryMs = 10_000 }: DiscoveryOptions): Discovery {
  const issuerUrl = new URL(issuer);
  let metadata: AuthorizationServer | undefined;
  let failure: string | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight = false;
  let startedAt = -Infinity;
  let nextDelayMs = firstRetryMs;
  let settle: (value: AuthorizationServer) => void = () => undefined;
  const discovered = new Promise<AuthorizationServer>((resolve) => (settle = resolve));

  async function attempt(): Promise<void> {
    if (closed || inFlight || metadata !== undefined) return;
    clearTimeout(timer);
    inFlight = true;
    startedAt = Date.now();
    try {
      metadata = await discover(issuerUrl, allowInsecureRequests);
      failure = undefined;
      logger.info({ issuer, jwks: metadata.jwks_uri !== undefined, introspection: metadata.introspection_endpoint !== undefined }, 'authorization server discovered');
      settle(metadata);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      if (closed) return;
      logger.error({ err: error, retryInMs: nextDelayMs }, '/health and /mcp answer 503 until the authorization server is reached');
      timer = setTimeout(() => void attempt(), nextDelayMs);
      timer.unref();
      nextDelayMs = Math.min(nextDelayMs * 2, maxRetryMs);
    } finally {
      inFlight = false;
    }
  }
  void attempt();

  return {
    current: () => metadata,
    ready: () => discovered,
    lastError: () => failure,
    within(ms) {
      if (metadata !== undefined) return Promise.resolve(metadata);
      if (!inFlight && Date.now() - startedAt >= EARLY_ATTEMPT_MS) void attempt();
      let waited: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => (waited = setTimeout(resolve, ms, undefined)));
      return Promise.race([discovered, timeout]).finally(() => clearTimeout(waited));
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
