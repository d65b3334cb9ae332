// GET /metrics on its own listener (METRICS_PORT, METRICS_HOST default 127.0.0.1), never on the MCP port:
// the figures name tools and failure rates, which is for the operator's Prometheus, not for callers.
import { createServer, type Server } from 'node:http';
import { listen } from '../http/listen';
import type { Logger } from '../logger';
import type { Metrics } from './telemetry';

export interface MetricsServer {
  listen(): Promise<string>;
  close(): Promise<void>;
}

export function createMetricsServer(metrics: Pick<Metrics, 'scrape'>, port: number, host: string, logger: Logger): MetricsServer {
  const server: Server = createServer(function metricsRoute(req, res) {
    const path = (req.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(req.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
      },
    );
  });
  let closing: Promise<void> | undefined;
  return {
    async listen() {
      return (await listen(server, port, host)).url;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
