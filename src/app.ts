// The express app behind the lanes: health, and JSON for everything else (never HTML). No protocol here.
import express from 'express';
import { mountHealthRoute, mountProbeRoutes, type HealthCheck } from './health';
import { errorHandler, notFound } from './http/errors';
import type { Logger } from './logger';

export interface AppOptions {
  logger: Logger;
  healthChecks: readonly HealthCheck[];
  healthTimeoutMs: number;
  healthSimulation: boolean;
  /** Beside `status` in every /health report (see HealthOptions.details). */
  healthDetails?: Readonly<Record<string, unknown>>;
  /** True once shutdown has begun: GET /health/ready answers 503. */
  isDraining?: () => boolean;
}

export function createApp(options: AppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  mountHealthRoute(app, { checks: options.healthChecks, timeoutMs: options.healthTimeoutMs, simulation: options.healthSimulation, details: options.healthDetails });
  mountProbeRoutes(app, { checks: options.healthChecks, timeoutMs: options.healthTimeoutMs, isDraining: options.isDraining });
  app.use(notFound);
  app.use(errorHandler(options.logger));
  return app;
}
