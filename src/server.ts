// Assembles a tool server from its parts (src/assembly: the views, the two protocol cores, the HTTP server,
// the shutdown) and owns its lifecycle: listen, then a graceful shutdown.
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { createApp } from './app';
import { createCores } from './assembly/cores';
import { createHttpServer, type Handler } from './assembly/http-server';
import { shutDown } from './assembly/shutdown';
import { viewParts } from './assembly/views';
import { createCardRoutes, remoteHeaders } from './card';
import { createProtectedResource, createResourceTokenGuard, type ProtectedResourceOptions } from './auth';
import type { UpstreamCredentials } from './auth/principal';
import { answerMetricsAsks } from './cluster/metrics';
import type { Config } from './config';
import { createClientAddress, createDoor } from './door';
import { customerApiCheck, PROBE_PATHS, type HealthCheck } from './health';
import { listen } from './http/listen';
import { createBodySlots, createFairness } from './limits';
import type { Logger } from './logger';
import { createRefusalLog } from './logging/refusals';
import type { ServerInfo } from './mcp/core';
import type { TaskLimits } from './mcp/core/tasks';
import { createSseLane, StreamRegistry } from './mcp/sse';
import { createStreamableLane } from './mcp/streamable';
import type { Prompt } from './prompts';
import type { Resource, ResourceTemplate } from './resources';
import { VIEW_ASSETS_PATH } from './resources/runtime-route';
import { CallTracker, MemoryBus, type SessionBus } from './sessions';
import { createTelemetry, type Telemetry } from './telemetry';
import type { Tool } from './tools/define-tool';
import { createRegistry } from './tools/registry';
import { createUpstream, type Upstream } from './upstream/api-client';
import { userFiles, type UserFilesService } from './user-files';

export interface ToolServerOptions {
  config: Config;
  /** The customer API's base URL (config.customerApiUrl, or the embedded example API's). */
  customerApiUrl: string;
  logger: Logger;
  tools: readonly Tool[];
  /** Resources and MCP Apps views; none by default, and then resources/* do not exist. */
  resources?: readonly Resource[];
  resourceTemplates?: readonly ResourceTemplate[];
  /** Where `npm run build` wrote the views' runtime, served with VIEW_ASSETS_URL set; by default dist/views. */
  viewsDir?: string;
  /** Prompts, offered on /mcp only; none by default. */
  prompts?: readonly Prompt[];
  info: ServerInfo;
  /** The user's file library at the hub; by default built from config.hub. */
  files?: UserFilesService;
  /** Checks besides the customer API's reachability. */
  healthChecks?: readonly HealthCheck[];
  /** Injected in tests; by default one keep-alive pool built from config.upstream. */
  upstream?: Upstream;
  /** Where session answers go; by default in memory (one process). */
  bus?: (calls: CallTracker) => SessionBus;
  /** Tasks' bounds (tests shorten them); TASK_LEASE_MS and the defaults in src/mcp/core/tasks/store.ts otherwise. */
  taskLimits?: Partial<TaskLimits>;
  /** How long a question to the user (ctx.elicit, ctx.sample) waits for its answer; 5 minutes by default. */
  clientRequestTimeoutMs?: number;
  /**
   * Shutdown, once this process's calls are done and before its streams end: waits (at most `timeoutMs`)
   * for the other workers of a cluster, whose calls may still answer on streams held here.
   */
  afterDrain?: (timeoutMs: number) => Promise<void>;
  /** Metrics and traces; by default built from config.telemetry (no-ops when neither is configured). */
  telemetry?: Telemetry;
  /** MCP_AUTH=oauth: credentials for the customer's API made for a verified caller (src/auth, createUpstreamTokens). */
  upstreamCredentials?: UpstreamCredentials;
  /** With config.auth (MCP_AUTH=oauth): a discovery or key-set options of its own, for tests. */
  auth?: Pick<ProtectedResourceOptions, 'discovery' | 'jwks' | 'introspection'>;
}

export interface ToolServer {
  readonly http: HttpServer;
  /** The SSE streams this process holds. */
  readonly sessions: { readonly size: number };
  /** Calls running in this process. */
  readonly inFlight: { readonly size: number };
  /** Base URL of GET /metrics once listening, when METRICS_PORT is set. */
  readonly metricsUrl: string | undefined;
  listen(port?: number, host?: string): Promise<string>;
  /** Idempotent; resolves once everything is closed. */
  shutdown(): Promise<void>;
}

/** MCP_AUTH=oauth: /mcp verifies bearer tokens and serves its resource metadata (src/auth); otherwise none. */
function protectedResourceFor(options: ToolServerOptions, resources: readonly Resource[], metrics: Telemetry['metrics'], tracing: boolean, clientOf: (req: IncomingMessage) => string) {
  const { config } = options;
  if (!config.auth) return undefined;
  return createProtectedResource({
    settings: config.auth,
    tools: options.tools,
    prompts: options.prompts,
    resources,
    resourceTemplates: options.resourceTemplates ?? [],
    publicBasePath: config.publicBasePath,
    name: options.info.title ?? options.info.name,
    logger: options.logger,
    metrics,
    tracing,
    upstreamTimeoutMs: config.upstream.timeoutMs,
    healthTimeoutMs: config.healthTimeoutMs,
    upstreamCredentials: options.upstreamCredentials,
    clientOf,
    ...options.auth,
  });
}

export function createToolServer(options: ToolServerOptions): ToolServer {
  const { config, logger } = options;
  const views = viewParts(config, options.tools, options.resources ?? [], options.viewsDir);
  const upstream = options.upstream ?? createUpstream({ baseUrl: options.customerApiUrl, ...config.upstream });
  const files = options.files ?? userFiles(config.hub, config.upstream.timeoutMs);
  const telemetry =
    options.telemetry ?? createTelemetry(config.telemetry, { logger, service: options.info, customerApiUrl: options.customerApiUrl, answerMetricsAsks });
  const { metrics, tracing } = telemetry;
  const clientAddressOf = createClientAddress(config.door.trustedProxies);
  const clientOf = (req: IncomingMessage) => clientAddressOf(req)?.address ?? 'unknown';
  const auth = protectedResourceFor(options, views.resources, metrics, tracing !== undefined, clientOf);
  const registry = createRegistry({
    tools: options.tools,
    upstream,
    logger,
    customAuthHeaders: config.customAuthHeaders,
    files: files.forCall,
    fairness: createFairness(config.limits),
    metrics,
    tracing,
    upstreamCredentials: auth?.upstreamCredentials ?? options.upstreamCredentials,
    // oauth mode: the hub's lane never passes on a token made for /mcp (src/auth/resource-token-guard.ts).
    guardForwarded: config.auth && createResourceTokenGuard([config.auth.resource, ...config.auth.resourceAliases]),
    mode: config.toolsMode,
    schemas: config.toolSchemas,
  });
  const calls = new CallTracker();
  const bus: SessionBus = options.bus?.(calls) ?? new MemoryBus(calls);
  const { core, hubCore } = createCores({
    ...options,
    metrics,
    registry,
    resources: views.resources,
    resourceTemplates: options.resourceTemplates ?? [],
    prompts: options.prompts ?? [],
    bus,
    calls,
  });
  const streams = new StreamRegistry(bus, config.streams, (id) => `${config.publicBasePath}/messages?sessionId=${id}`, logger);
  metrics.gauge('mcp_sse_streams_open', 'SSE streams this process holds.', () => streams.size);
  metrics.gauge('mcp_calls_in_flight', 'Tool calls and other requests running in this process.', () => calls.size);
  bus.instrument?.(metrics);

  let draining = false;
  const isDraining = () => draining;
  // One set of body slots for both lanes: a client's bodies count together wherever they are posted.
  const bodies = createBodySlots({ perClient: config.maxBodiesPerClient, maxBodyBytes: config.maxBodyBytes });
  // What both lanes share: one set of calls, body slots and refusal log (rate-limited per cause; its counts
  // are written at shutdown), whichever lane a request comes on.
  const laneShared = { calls, clientOf, maxBodyBytes: config.maxBodyBytes, writeTimeoutMs: config.writeTimeoutMs, logger, isDraining, metrics, bodies, refusals: createRefusalLog(logger) };
  const sse = createSseLane({ ...laneShared, core: hubCore, bus, streams, mcpPath: `${config.publicBasePath}/mcp` });
  const streamable = createStreamableLane({ ...laneShared, core, auth });
  // The Server Card and the AI Catalog (src/card): the same identity initialize and server/discover give.
  const card = createCardRoutes({
    info: options.info,
    headers: remoteHeaders(config, options.customerApiUrl),
    configured: config.card.publicUrl,
    allowedHosts: config.door.allowedHosts,
    production: config.env === 'production',
    publicBasePath: config.publicBasePath,
  });
  const apiCheck = customerApiCheck(options.customerApiUrl, upstream.dispatcher, config.upstream.userAgent);
  const app = createApp({
    logger,
    // In oauth mode /health includes the authorization server: 503 until it has been discovered.
    healthChecks: [...(apiCheck ? [apiCheck] : []), ...(auth ? [auth.healthCheck] : []), ...(options.healthChecks ?? [])],
    healthTimeoutMs: config.healthTimeoutMs,
    healthSimulation: config.healthSimulation,
    // TOOLSETS naming some: /health says which this deployment serves (docs/tools.md, "Toolsets").
    ...(config.toolsets === 'all' ? {} : { healthDetails: { toolsets: config.toolsets } }),
    isDraining,
  });
  const http = createHttpServer({
    // The views' runtime is public code: no caller check under /views/ (the Host check still applies).
    door: createDoor(config.door, logger, metrics, [...PROBE_PATHS, ...(auth?.openPaths ?? []), ...(views.runtime ? [VIEW_ASSETS_PATH] : [])], card.paths),
    lanes: new Map<string, Handler>(Object.entries({ ...sse, ...streamable, ...auth?.routes, ...card.routes })),
    viewRuntime: views.runtime,
    app,
  });

  let closing: Promise<void> | undefined;
  const shutdown = () =>
    shutDown({
      http,
      calls,
      streams,
      logger,
      graceMs: config.shutdownGraceMs,
      startDraining: () => (draining = true),
      afterDrain: options.afterDrain,
      flush: () => laneShared.refusals.flush(),
      close: async () => {
        auth?.close();
        await Promise.all([upstream.close(), files.close(), bus.close(), telemetry.close()]);
      },
    });

  let metricsUrl: string | undefined;
  return {
    http,
    sessions: streams,
    inFlight: calls,
    get metricsUrl() {
      return metricsUrl;
    },
    async listen(port = config.port, host = config.host) {
      await bus.ready?.();
      const url = (await listen(http, port, host)).url;
      metricsUrl = await telemetry.listen();
      return url;
    },
    shutdown: () => (closing ??= shutdown()),
  };
}
