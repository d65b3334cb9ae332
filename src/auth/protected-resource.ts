// /mcp as an OAuth 2.1 protected resource (MCP_AUTH=oauth): the metadata routes, the token
// check every POST /mcp passes before its body is read, and the scope check of a tools/call before it
// runs. The lane calls these; src/server.ts wires them. The hub's lane (/sse, /messages) never does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HealthCheck } from '../health';
import type { Logger } from '../logger';
import type { Metrics } from '../telemetry';
import { resourceScopes } from './resource-scopes';
import { authorizationServerUnavailable, insufficientScope, tooManyTokenChecks, unauthorized } from './challenge';
import { createDiscovery, type Discovery } from './discovery';
import { NoUserError, UpstreamAuthError, UpstreamAuthExpiredError } from './errors';
import type { IntrospectionBudgetOptions } from './introspection-budget';
import type { JwksOptions } from './jwt';
import { metadataHandler, resourceMetadata } from './metadata';
import type { PreparedCredentials, Principal, UpstreamCredentials } from './principal';
import type { ScopedPrompt, ScopedResource, ScopedResourceTemplate, ScopedTool } from './scoped';
import type { AuthSettings } from './settings';
import { isLater, type NowOrLater } from './now-or-later';
import { createReachability } from './reachability';
import { authorizationServerCheck } from './readiness';
import { createRefusalLog as createRequestRefusalLog } from '../logging/refusals';
import { createRefusalLog } from './refusal-log';
import { upstreamCredentialsFor } from './upstream-credentials';
import { createTokenVerifier, type Verification } from './verify';

/** What the /mcp lane needs: who is calling, and whether that caller may make this request. */
export interface LaneAuth {
  /** The verified caller; undefined once 401 or 503 has been answered. */
  authenticate(req: IncomingMessage, res: ServerResponse): NowOrLater<Principal | undefined>;
  /** True when the request may run; else 403 insufficient_scope has been answered. */
  permits(message: { method: string; params?: Record<string, unknown> }, principal: Principal, res: ServerResponse): boolean;
  /**
   * The customer API's credentials for a tools/call, made before it runs (cached ones at once). Undefined
   * once 401 invalid_token has been answered: the authorization server refused to exchange the client's
   * token (expired, revoked), which the client fixes by refreshing it, as for a bad token at the door.
   */
  credentialsFor(principal: Principal, res: ServerResponse): NowOrLater<PreparedCredentials | undefined>;
}

export interface ProtectedResource extends LaneAuth {
  /** GET handlers of the metadata, by exact path. */
  readonly routes: Readonly<Record<string, (req: IncomingMessage, res: ServerResponse) => void>>;
  /** Paths the door lets through without the hub's secret or network: the token is their credential. */
  readonly openPaths: readonly string[];
  readonly discovery: Discovery;
  /** /health's check of the authorization server (src/auth/readiness.ts). */
  readonly healthCheck: HealthCheck;
  /** What the tool path uses for a verified caller's credentials (the same cache as credentialsFor). */
  readonly upstreamCredentials: UpstreamCredentials;
  close(): void;
}

export interface ProtectedResourceOptions {
  settings: AuthSettings;
  tools: readonly ScopedTool[];
  /** Prompts: a prompts/get is refused like a tools/call when the token lacks the prompt's scopes. */
  prompts?: readonly ScopedPrompt[];
  /** Resources offered on /mcp: a view needs its own scopes and those of every tool that names it. */
  resources?: readonly ScopedResource[];
  resourceTemplates?: readonly ScopedResourceTemplate[];
  publicBasePath: string;
  /** resource_name in the metadata: the server's title or name. */
  name: string;
  logger: Logger;
  metrics: Metrics;
  tracing?: boolean;
  /** Injected in tests; by default discovered from settings.issuer. */
  discovery?: Discovery;
  jwks?: JwksOptions;
  /** The deadline of one request to the token endpoint (UPSTREAM_TIMEOUT_MS). */
  upstreamTimeoutMs: number;
  /** Each /health check's deadline (HEALTH_TIMEOUT_MS): the authorization server's probe takes half. */
  healthTimeoutMs: number;
  /** Injected in tests; by default made from settings.upstream (src/auth/upstream-token.ts). */
  upstreamCredentials?: UpstreamCredentials;
  /** The client's address as the door resolves it (refusals are logged and introspection budgeted per client). */
  clientOf?: (req: IncomingMessage) => string;
  /** Introspection requests allowed overall and per client address (defaults: src/auth/introspection-budget.ts). */
  introspection?: IntrospectionBudgetOptions;
}

export function createProtectedResource(options: ProtectedResourceOptions): ProtectedResource {
  const { settings, tools, logger, metrics } = options;
  const scopesByTool = new Map(tools.map((tool) => [tool.name, tool.scopes]));
  const scopesByPrompt = new Map((options.prompts ?? []).map((prompt) => [prompt.name, prompt.scopes]));
  const scopesOfResource = resourceScopes(tools, options.resources ?? [], options.resourceTemplates ?? []);
  const allScopes = [
    ...new Set([...tools.flatMap((tool) => tool.scopes), ...(options.resources ?? []).flatMap((resource) => resource.scopes), ...[...scopesByPrompt.values()].flat()]),
  ].sort();
  const known = new Set(allScopes);
  const challengeScope = (settings.challengeScope ?? allScopes).join(' ');
  // Scopes the 401 asks for that no tool needs (offline_access): listed in the metadata too, and kept in every
  // 403, so a client that replaces its scope list with the challenge's still asks for them.
  const extraScopes = (settings.challengeScope ?? []).filter((scope) => !known.has(scope));
  const metadata = resourceMetadata(settings, [...allScopes, ...extraScopes], options.publicBasePath, options.name);
  const discovery = options.discovery ?? createDiscovery({ issuer: settings.issuer, allowInsecureRequests: settings.allowInsecureRequests, logger });
  const reachability = createReachability(logger, settings.issuer);
  const verifier = createTokenVerifier({ settings, discovery, logger, tracing: options.tracing, jwks: options.jwks, introspection: options.introspection, reachability });
  const upstreamCredentials = options.upstreamCredentials ?? upstreamCredentialsFor(settings, discovery, options.upstreamTimeoutMs, logger, reachability);
  const serveMetadata = metadataHandler(metadata, settings, logger);
  const logRefusal = createRefusalLog(logger);
  // A request without a token, or one that cannot be checked now: a line per cause a minute (src/logging/refusals.ts).
  const refusals = createRequestRefusalLog(logger);
  const clientOf = options.clientOf ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? 'unknown');
  logger.info({ resource: settings.resource, aliases: settings.resourceAliases, issuer: settings.issuer, metadata: metadata.url }, '/mcp is an OAuth protected resource (MCP_AUTH=oauth)');
  /** The metadata URL a challenge names: under the host the client used, when that is a name of /mcp. */
  const metadataUrl = (res: ServerResponse) => metadata.under(res.req?.headers.host).url;

  /** The caller of a verified token, or undefined once the refusal (401, 503) has been answered. */
  function admit(req: IncomingMessage, res: ServerResponse, verdict: Verification): Principal | undefined {
    if (verdict.ok) {
      const { principal } = verdict;
      // The client's token goes no further than this principal: nothing downstream can forward it, and
      // X-User-Id (for limits and the call's log line) is the verified subject's tag, not the client's word.
      // Set to undefined rather than deleted: a delete turns the headers object into a slow dictionary
      // for every later read of it on this call.
      req.headers.authorization = undefined;
      if (req.headers['x-user-auth-authorization'] !== undefined) req.headers['x-user-auth-authorization'] = undefined;
      req.headers['x-user-id'] = principal.subjectTag;
      return principal;
    }
    req.resume();
    if (verdict.kind === 'unavailable') {
      authorizationServerUnavailable(res);
      refusals.refused(req, 503, 'authorization-server-unavailable');
    }
    else if (verdict.kind === 'limited') {
      logRefusal(clientOf(req), 'too many unknown tokens from this address: 429');
      metrics.refused('rate_limit');
      tooManyTokenChecks(res, verdict.retryAfterS);
    } else {
      if (verdict.kind === 'invalid') logRefusal(clientOf(req), verdict.reason, verdict.subjectTag);
      else refusals.refused(req, 401, 'token-missing');
      metrics.refused(verdict.kind === 'missing' ? 'auth' : 'invalid_token');
      unauthorized(res, metadataUrl(res), verdict.kind === 'invalid', challengeScope);
    }
    return undefined;
  }

  /** A failure to make credentials: a refused client token is answered 401 here; the rest go to the tool path. */
  function failed(error: unknown, res: ServerResponse): PreparedCredentials | undefined {
    // A machine caller where the API's credentials name a user: the call's result says so (no 401: its token is good).
    if (error instanceof NoUserError) return error;
    if (!(error instanceof UpstreamAuthError)) throw error;
    if (!(error instanceof UpstreamAuthExpiredError)) return error;
    metrics.refused('invalid_token');
    logger.info({ oauthError: error.oauthError, status: error.status }, "the authorization server refused to exchange the client's token: 401 so the client refreshes it");
    unauthorized(res, metadataUrl(res), true, challengeScope);
    return undefined;
  }

  /** What the token has (of the scopes this server knows) and what is needed, in a stable order. */
  function withKnown(principal: Principal, needed: readonly string[]): string[] {
    return [...new Set([...[...principal.scopes].filter((scope) => known.has(scope)), ...needed])].sort().concat(extraScopes);
  }

  /** A resources/read: the resource's scopes (a view's include those of its tools); an unknown URI is the core's. */
  function permitsRead(uri: unknown, principal: Principal, res: ServerResponse): boolean {
    const needed = typeof uri === 'string' ? scopesOfResource(uri) : undefined;
    if (needed === undefined || needed.every((scope) => principal.scopes.has(scope))) return true;
    metrics.refused('insufficient_scope');
    logger.info({ resource: (uri as string).slice(0, 200), userId: principal.subjectTag, needed }, 'resource read refused: insufficient scope');
    insufficientScope(res, metadataUrl(res), withKnown(principal, needed), needed, uri as string, 'resource');
    return false;
  }

  return {
    routes: Object.fromEntries(metadata.paths.map((path) => [path, serveMetadata])),
    openPaths: Object.freeze(['/mcp', ...metadata.paths]),
    discovery,
    authenticate(req, res) {
      const verdict = verifier.verify(req.headers, () => clientOf(req));
      return isLater(verdict) ? verdict.then((known) => admit(req, res, known)) : admit(req, res, verdict);
    },
    permits(message, principal, res) {
      if (message.method === 'resources/read') return permitsRead(message.params?.uri, principal, res);
      const what = message.method === 'tools/call' ? 'tool' : message.method === 'prompts/get' ? 'prompt' : undefined;
      if (what === undefined) return true;
      const name = message.params?.name;
      const needed = typeof name === 'string' ? (what === 'tool' ? scopesByTool : scopesByPrompt).get(name) : undefined;
      if (needed === undefined || needed.every((scope) => principal.scopes.has(scope))) return true;
      metrics.refused('insufficient_scope');
      logger.info({ [what]: name, userId: principal.subjectTag, needed }, `${what === 'tool' ? 'tool call' : 'prompt'} refused: insufficient scope`);
      insufficientScope(res, metadataUrl(res), withKnown(principal, needed), needed, name as string, what);
      return false;
    },
    credentialsFor(principal, res) {
      let made: NowOrLater<PreparedCredentials>;
      try {
        made = upstreamCredentials(principal);
      } catch (error) {
        return failed(error, res);
      }
      return isLater(made) ? made.then(undefined, (error: unknown) => failed(error, res)) : made;
    },
    upstreamCredentials,
    healthCheck: authorizationServerCheck({ discovery, issuer: settings.issuer, probeTimeoutMs: Math.max(50, options.healthTimeoutMs / 2), reachability }),
    close: () => discovery.close(),
  };
}
