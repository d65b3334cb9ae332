// Metrics and traces: createTelemetry builds what the configuration turns on, loading
// prom-client and the OpenTelemetry SDK only then; everything else gets the no-ops.
import cluster from 'node:cluster';
import type { Logger } from '../logger';
import { createMetricsServer, type MetricsServer } from './metrics-server';
import { createPrometheusMetrics } from './prometheus';
import { noopMetrics, noopTelemetry, type Metrics, type Telemetry } from './telemetry';
import { createTracing } from './tracing';

export * from './outcomes';
export * from './telemetry';

export interface TelemetrySettings {
  /** METRICS_PORT / METRICS_HOST; undefined: no metrics. */
  metrics: { readonly port: number; readonly host: string } | undefined;
  /** From the OTEL_* variables; undefined: no tracing. */
  tracing: { readonly url: string; readonly serviceName: string | undefined } | undefined;
}

export interface TelemetryContext {
  logger: Logger;
  /** Default service.name and service.version of the spans. */
  service: { name: string; version: string };
  customerApiUrl: string;
  /**
   * In a cluster's worker (WORKERS>1): answers the primary's asks with these metrics (src/cluster/metrics.ts).
   * Passed in by the server, since the cluster sits floors above telemetry; without it a worker's calls are
   * missing from the primary's scrape.
   */
  answerMetricsAsks?: (metrics: Metrics) => void;
}

export function createTelemetry(settings: TelemetrySettings, { logger, service, customerApiUrl, answerMetricsAsks }: TelemetryContext): Telemetry {
  if (settings.metrics === undefined && settings.tracing === undefined) return noopTelemetry;
  const metrics = settings.metrics ? createPrometheusMetrics() : noopMetrics;
  const tracing = settings.tracing
    ? createTracing({
        url: settings.tracing.url,
        serviceName: settings.tracing.serviceName ?? service.name,
        serviceVersion: service.version,
        customerApiUrl,
      })
    : undefined;
  // A cluster's worker (WORKERS>1) does not listen on METRICS_PORT: the primary does, and sums what each
  // worker answers when it asks (../cluster/metrics.ts), so one scrape counts the whole server.
  if (settings.metrics && cluster.isWorker) answerMetricsAsks?.(metrics);
  const server: MetricsServer | undefined =
    settings.metrics && !cluster.isWorker ? createMetricsServer(metrics, settings.metrics.port, settings.metrics.host, logger) : undefined;
  let closing: Promise<void> | undefined;
  return {
    metrics,
    tracing,
    async listen() {
      if (!server) return undefined;
      const url = await server.listen();
      logger.info({ url: `${url}/metrics` }, 'metrics listening');
      return url;
    },
    close() {
      closing ??= Promise.all([server?.close(), tracing?.shutdown()]).then(() => undefined);
      return closing;
    },
  };
}
