// The express app: health, the MCP transport routes, and JSON for everything else. No protocol logic here.
import express from 'express';
import { mountHealthRoute, type HealthCheck } from './health';
import { errorHandler, notFound } from './http/errors';
import type { Logger } from './logger';
import { mountMcpRoutes } from './mcp/routes';
import type { PostMessageHandler } from './mcp/post-message';
import type { SessionStore } from './mcp/sessions';

export interface AppOptions {
  sessions: SessionStore;
  maxSessions: number;
  postMessage: PostMessageHandler;
  logger: Logger;
  healthChecks: readonly HealthCheck[];
  healthTimeoutMs: number;
  healthSimulation: boolean;
  isDraining: () => boolean;
}

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Routes sit on the app itself, the transport's first: POST /messages is matched first, on every call.
  mountMcpRoutes(app, options);
  mountHealthRoute(app, { checks: options.healthChecks, timeoutMs: options.healthTimeoutMs, simulation: options.healthSimulation });
  app.use(notFound);
  app.use(errorHandler(options.logger));
  return app;
}
