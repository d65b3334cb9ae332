// The credentials maker of the tool path for MCP_AUTH=oauth, from the auth settings: the
// issuer's metadata is read from discovery when a grant is made (a principal exists only once it is known).
import type { Logger } from '../logger';
import type { Discovery } from './discovery';
import type { UpstreamCredentials } from './principal';
import type { Reachability } from './reachability';
import type { AuthSettings } from './settings';
import { createUpstreamTokens } from './upstream-token';

/** `timeoutMs`: the deadline of one request to the token endpoint (the upstream timeout, UPSTREAM_TIMEOUT_MS). */
export function upstreamCredentialsFor(settings: AuthSettings, discovery: Discovery, timeoutMs: number, logger: Logger, reachability?: Reachability): UpstreamCredentials {
  return createUpstreamTokens({
    mode: settings.upstream.mode,
    audience: settings.upstream.audience,
    userHeader: settings.upstream.userHeader,
    ...(settings.upstreamScope === undefined ? {} : { scope: settings.upstreamScope }),
    issuer: discovery.current,
    clientId: settings.client.id,
    clientSecret: settings.client.secret,
    allowHttp: settings.allowInsecureRequests,
    timeoutMs,
    logger,
    ...(reachability ? { reachability } : {}),
  }).credentials;
}
