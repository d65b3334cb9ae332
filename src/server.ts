// Assembles a tool server from its parts and owns its lifecycle: listen, then a graceful shutdown that
// stops accepting, lets in-flight calls finish within the grace period, and ends the streams.
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createApp } from './app';
import { listen } from './http/listen';
import type { Config } from './config';
import { createDoor } from './door';
import { createFairness } from './limits';
import { customerApiCheck, type HealthCheck } from './health';
import type { Logger } from './logger';
import { InFlight } from './mcp/in-flight';
import { createPostMessageHandler } from './mcp/post-message';
import { createMcpServer, type ServerInfo } from './mcp/server';
import { SessionStore } from './mcp/sessions';
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
  info: ServerInfo;
  /** The user's file library at the hub; by default built from config.hub. */
  files?: UserFilesService;
  /** Checks besides the customer API's reachability. */
  healthChecks?: readonly HealthCheck[];
  /** Injected in tests; by default one keep-alive pool built from config.upstream. */
  upstream?: Upstream;
}

export interface ToolServer {
  readonly http: HttpServer;
  readonly sessions: SessionStore;
  readonly inFlight: InFlight;
  listen(port?: number, host?: string): Promise<string>;
  /** Idempotent; resolves once everything is closed. */
  shutdown(): Promise<void>;
}

export function createToolServer(options: ToolServerOptions): ToolServer {
  const { config, logger } = options;
  const upstream =
    options.upstream ??
    createUpstream({ baseUrl: options.customerApiUrl, ...config.upstream });
  const files = options.files ?? userFiles(config.hub, config.upstream.timeoutMs);
  const registry = createRegistry({
    tools: options.tools,
    upstream,
    logger,
    customAuthHeaders: config.customAuthHeaders,
    files: files.forCall,
    fairness: createFairness(config.limits),
  });
  const inFlight = new InFlight();
  const createServer = () => {
    const server = createMcpServer(registry, options.info);
    server.onerror = (error) => logger.warn({ err: error }, 'MCP session error');
    return server;
  };
  const sessions = new SessionStore({
    endpointFor: (id) => `${config.publicBasePath}/messages?sessionId=${id}`,
    keepAliveMs: config.sseKeepAliveMs,
    createServer,
    inFlight,
  });
  const apiCheck = customerApiCheck(options.customerApiUrl, upstream.dispatcher);
  let draining = false;
  const postMessage = createPostMessageHandler({
    sessions,
    createServer,
    maxBodyBytes: config.maxBodyBytes,
    logger,
    isDraining: () => draining,
    inFlight,
  });
  const app = createApp({
    sessions,
    maxSessions: config.maxSessions,
    postMessage,
    logger,
    healthChecks: [...(apiCheck ? [apiCheck] : []), ...(options.healthChecks ?? [])],
    healthTimeoutMs: config.healthTimeoutMs,
    healthSimulation: config.healthSimulation,
    isDraining: () => draining,
  });
  const door = createDoor(config.door, logger);
  const http = createHttpServer(function route(req, res) {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!door(req, res)) return; // refused: answered with 401/403 before any lane (issue 7)
    // Every tool call is a POST /messages: it skips express's router (the app routes it the same way).
    if (req.method === 'POST' && /^\/messages(?:\?|$)/.test(req.url ?? '')) return void postMessage(req, res);
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
    const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeIdleConnections();
    const drained = await inFlight.drained(config.shutdownGraceMs);
    logger.info({ drained, abandoned: inFlight.size, sessions: sessions.size }, 'shutting down');
    await sessions.closeAll();
    http.closeAllConnections();
    await stopped;
    await Promise.all([upstream.close(), files.close()]);
  }

  return {
    http,
    sessions,
    inFlight,
    async listen(port = config.port, host = config.host) {
      return (await listen(http, port, host)).url;
    },
    shutdown: () => (closing ??= shutdown()),
  };
}
