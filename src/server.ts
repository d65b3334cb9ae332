// Assembles a tool server from its parts and owns its lifecycle: listen, then a graceful shutdown that
// stops accepting, lets in-flight calls finish within the grace period, and ends the streams.
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createApp } from './app';
import { createProtectedResource, createResourceTokenGuard, type ProtectedResourceOptions } from './auth';
import { listen } from './http/listen';
import { answerMetricsAsks } from './cluster/metrics';
import type { Config } from './config';
import { createClientAddress, createDoor } from './door';
import { createBodySlots, createFairness } from './limits';
import { customerApiCheck, PROBE_PATHS, type HealthCheck } from './health';
import type { Logger } from './logger';
import { createProtocolCore, type ServerInfo } from './mcp/core';
import { CLIENT_REQUEST_TIMEOUT_MS, MAX_WAITING_PER_CALLER } from './mcp/core/core';
import { PendingRequests } from './mcp/core/pending-requests';
import { RequestStateCodec } from './mcp/core/request-state';
import { LevelBook } from './mcp/core/level-book';
import { createTasks, type TaskLimits } from './mcp/core/tasks';
import { createSseLane, StreamRegistry } from './mcp/sse';
import { createStreamableLane } from './mcp/streamable';
import { CallTracker, MemoryBus, type SessionBus } from './sessions';
import type { Tool } from './tools/define-tool';
import { createResourceSet, inSharedForm, isView, viewAssets, VIEWS_DIR, type Resource, type ResourceTemplate } from './resources';
import { runtimeRoute, VIEW_ASSETS_PATH } from './resources/runtime-route';
import { createTelemetry, type Telemetry } from './telemetry';
import { createRegistry } from './tools/registry';
import { createUpstream, type Upstream } from './upstream/api-client';
import { userFiles, type UserFilesService } from './user-files';
import type { UpstreamCredentials } from './auth/principal';
import { createPromptSet, type Prompt } from './prompts';
import { ServerStopping } from './call-signal';

/** After the grace: how long stopped calls get to write their answers (their upstream requests are aborted). */
const STOPPED_CALLS_WAIT_MS = 1_000;

export interface ToolServerOptions {
  config: Config;
  /** The customer API's base URL (config.customerApiUrl, or the embedded example API's). */
  customerApiUrl: string;
  logger: Logger;
  tools: readonly Tool[];
  /** Resources and MCP Apps views (issue 26); none by default, and then resources/* do not exist. */
  resources?: readonly Resource[];
  resourceTemplates?: readonly ResourceTemplate[];
  /** Where `npm run build` wrote the views' runtime, served with VIEW_ASSETS_URL set; by default dist/views. */
  viewsDir?: string;
  /** Prompts (issue 34), offered on /mcp only; none by default. */
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

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function pathOf(url: string | undefined): string {
  if (url === undefined) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function createToolServer(options: ToolServerOptions): ToolServer {
  const { config, logger } = options;
  // VIEW_ASSETS_URL: views in their shared form, and their runtime served (docs/views.md); unset, neither.
  const assets = config.viewAssetsUrl === undefined ? undefined : viewAssets(config.viewAssetsUrl, config.publicBasePath);
  const resources = inSharedForm(options.resources ?? [], assets);
  const viewRuntime = assets && runtimeRoute(options.viewsDir ?? VIEWS_DIR);
  const resourceTemplates = options.resourceTemplates ?? [];
  const missing = options.tools.find((tool) => tool.view !== undefined && !resources.some((resource) => resource.uri === tool.view));
  if (missing) throw new TypeError(`Tool "${missing.name}" names the view ${missing.view}, which is not among the resources: add its defineView to them`);
  const upstream =
    options.upstream ??
    createUpstream({ baseUrl: options.customerApiUrl, ...config.upstream });
  const files = options.files ?? userFiles(config.hub, config.upstream.timeoutMs);
  const telemetry =
    options.telemetry ?? createTelemetry(config.telemetry, { logger, service: options.info, customerApiUrl: options.customerApiUrl, answerMetricsAsks });
  const { metrics, tracing } = telemetry;
  const clientAddressOf = createClientAddress(config.door.trustedProxies);
  const clientOf = (req: IncomingMessage) => clientAddressOf(req)?.address ?? 'unknown';
  // MCP_AUTH=oauth: /mcp verifies bearer tokens and serves its resource metadata (src/auth, issue 17).
  const auth = config.auth
    ? createProtectedResource({
        settings: config.auth,
        tools: options.tools,
        prompts: options.prompts,
        resources,
        resourceTemplates,
        publicBasePath: config.publicBasePath,
        name: options.info.title ?? options.info.name,
        logger,
        metrics,
        tracing: tracing !== undefined,
        upstreamTimeoutMs: config.upstream.timeoutMs,
        healthTimeoutMs: config.healthTimeoutMs,
        upstreamCredentials: options.upstreamCredentials,
        clientOf,
        ...options.auth,
      })
    : undefined;
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
  // Two cores over one registry: /mcp shows MCP Apps views; the hub's lane answers as it always has, with
  // no view, no `_meta.ui` and no view-only tool (docs/views.md). In development a view's file is read on
  // every resources/read, so what `npm run dev` rebuilt is served at once; elsewhere it is read once.
  const fresh = config.env === 'development';
  const calls = new CallTracker();
  const bus: SessionBus = options.bus?.(calls) ?? new MemoryBus(calls);
  // /mcp also offers the rest of the surface (prompts, completion, logging, questions to the user); the
  // hub's lane does not (issue 34).
  const prompts = createPromptSet({
    prompts: options.prompts ?? [],
    templateCompleters: new Map(resourceTemplates.map((template) => [template.descriptor.uriTemplate, template.completers])),
  });
  // Questions to users wait here; their answers may reach any worker or replica: routed by the bus.
  const pending = new PendingRequests({ timeoutMs: options.clientRequestTimeoutMs ?? CLIENT_REQUEST_TIMEOUT_MS, maxPerCaller: MAX_WAITING_PER_CALLER }, bus);
  const core = createProtocolCore({
    registry,
    info: options.info,
    logger,
    metrics,
    resources: createResourceSet({ resources, templates: resourceTemplates, fresh }),
    views: true,
    surface: true,
    prompts,
    pending,
    // 2026-07-28 calls that ask resume on any replica holding the same key (MCP_STATE_SECRET); each state
    // is claimed once through the bus, so a replayed one is refused on every worker and replica.
    states: new RequestStateCodec(config.stateSecret, CLIENT_REQUEST_TIMEOUT_MS, bus),
    // A 2025-era caller's logging/setLevel reaches every worker and replica; each call reads its own copy.
    levels: new LevelBook(bus),
    // Tools that declare `task` run as tasks for clients that can take one; records behind the bus (docs/tasks.md).
    // Without such a tool nothing is offered: no capability, no tasks/* method, as before.
    tasks: options.tools.some((tool) => tool.task !== undefined) ? createTasks({ bus, calls, logger, pending, limits: { leaseMs: config.taskLeaseMs, ...options.taskLimits } }) : undefined,
  });
  const hubCore = createProtocolCore({
    registry,
    info: options.info,
    logger,
    metrics,
    resources: createResourceSet({ resources: resources.filter((resource) => !isView(resource)), templates: resourceTemplates, fresh }),
    // The hub speaks 2024-11-05 and sends no version: its lists and results carry the contract's fields only.
    unversioned: '2024-11-05',
  });
  const streams = new StreamRegistry(bus, config.streams, (id) => `${config.publicBasePath}/messages?sessionId=${id}`, logger);
  metrics.gauge('mcp_sse_streams_open', 'SSE streams this process holds.', () => streams.size);
  metrics.gauge('mcp_calls_in_flight', 'Tool calls and other requests running in this process.', () => calls.size);
  bus.instrument?.(metrics);
  let draining = false;
  const isDraining = () => draining;
  // One set of body slots for both lanes: a client's bodies count together wherever they are posted.
  const bodies = createBodySlots({ perClient: config.maxBodiesPerClient, maxBodyBytes: config.maxBodyBytes });
  const sse = createSseLane({
    core: hubCore,
    bus,
    calls,
    streams,
    maxBodyBytes: config.maxBodyBytes,
    writeTimeoutMs: config.writeTimeoutMs,
    logger,
    isDraining,
    clientOf,
    metrics,
    bodies,
    mcpPath: `${config.publicBasePath}/mcp`,
  });
  const streamable = createStreamableLane({
    core,
    calls,
    clientOf,
    maxBodyBytes: config.maxBodyBytes,
    writeTimeoutMs: config.writeTimeoutMs,
    logger,
    isDraining,
    metrics,
    bodies,
    auth,
  });
  const lanes = new Map<string, Handler>(Object.entries({ ...sse, ...streamable, ...auth?.routes }));
  const apiCheck = customerApiCheck(options.customerApiUrl, upstream.dispatcher, config.upstream.userAgent);
  const app = createApp({
    logger,
    // In oauth mode /health includes the authorization server: 503 until it has been discovered (issue 25).
    healthChecks: [...(apiCheck ? [apiCheck] : []), ...(auth ? [auth.healthCheck] : []), ...(options.healthChecks ?? [])],
    healthTimeoutMs: config.healthTimeoutMs,
    healthSimulation: config.healthSimulation,
    // TOOLSETS naming some: /health says which this deployment serves (docs/tools.md, "Toolsets").
    ...(config.toolsets === 'all' ? {} : { healthDetails: { toolsets: config.toolsets } }),
    isDraining,
  });
  // The views' runtime is public code: no caller check under /views/ (the Host check still applies).
  const door = createDoor(config.door, logger, metrics, [...PROBE_PATHS, ...(auth?.openPaths ?? []), ...(viewRuntime ? [VIEW_ASSETS_PATH] : [])]);
  const http = createHttpServer(function route(req, res) {
    if (!door(req, res)) return; // refused: answered with 401/403 before any lane (issue 7)
    // The lanes are plain Node handlers: every tool call skips express's router. They write
    // X-Content-Type-Options with each answer's own headers (src/http/send-json.ts).
    const path = pathOf(req.url);
    const lane = lanes.get(path);
    if (lane) return lane(req, res);
    if (viewRuntime && path.startsWith(VIEW_ASSETS_PATH)) return viewRuntime(req, res);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    app(req, res);
  });
  // requestTimeout bounds how long a request (headers and body) may take to arrive: a slow POST is cut
  // after 30 s. It does not apply to the response, so SSE streams (a bodiless GET) are not affected; the
  // test "Node request time-outs do not end a long-lived stream" holds this.
  http.requestTimeout = 30_000;
  http.headersTimeout = 20_000;
  // Longer than the usual 60 s idle time-out of load balancers, so they close idle connections first.
  http.keepAliveTimeout = 65_000;

  let closing: Promise<void> | undefined;
  async function shutdown(): Promise<void> {
    draining = true;
    const deadline = Date.now() + config.shutdownGraceMs;
    const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeIdleConnections();
    const drained = await calls.drained(config.shutdownGraceMs);
    const abandoned = calls.size;
    if (!drained) {
      // The grace ran out: every call still running here is stopped and answered with a sentence to try
      // again (a routed call's stream is held by a process that may stay), then the streams close.
      calls.abortAll(new ServerStopping());
      await calls.drained(STOPPED_CALLS_WAIT_MS);
    }
    await options.afterDrain?.(Math.max(0, deadline - Date.now()));
    logger.info({ drained, abandoned, stillRunning: calls.size, streams: streams.size }, 'shutting down');
    streams.closeAll();
    http.closeAllConnections();
    await stopped;
    auth?.close();
    await Promise.all([upstream.close(), files.close(), bus.close(), telemetry.close()]);
  }

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
