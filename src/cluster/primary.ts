// WORKERS>1: this process forks the workers (each runs the whole server; they share the port through
// node:cluster), routes their sessions when there is no Redis, replaces a worker that crashes, and on
// SIGTERM or SIGINT tells every worker to drain and exits once all have.
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger';
import { listenFailure } from '../http/listen-failure';
import type { TelemetrySettings } from '../telemetry';
import { createMetricsServer, type MetricsServer } from '../telemetry/metrics-server';
import { DrainBarrier } from './drain-barrier';
import { ClusterMetrics } from './metrics';
import { SessionRelay } from './relay';

/** What the primary reads of the server's Config (src/config-types.ts), which the entry point passes whole. */
export interface PrimaryConfig {
  readonly redis: { readonly url: string | undefined };
  readonly telemetry: Pick<TelemetrySettings, 'metrics'>;
  readonly workers: number;
  readonly stateSecret: string | undefined;
}

export interface PrimaryOptions {
  config: PrimaryConfig;
  logger: Logger;
  /** Delay before a crashed worker is replaced, so a crash loop does not spin (default 1 s). */
  restartDelayMs?: number;
  /** Called with the exit code once every worker has exited after a signal (default: process.exit). */
  exit?: (code: number) => void;
}

export function runPrimary({ config, logger, restartDelayMs = 1_000, exit = (code) => process.exit(code) }: PrimaryOptions): void {
  // IPC in V8's serialization format rather than JSON: a routed answer carries the tool's text (often
  // JSON itself), which JSON would escape and unescape at each of its two hops. With WORKERS=2 on the
  // bench: 3,512 → 4,183 and 2,867 → 3,480 calls/s (medians of four rounds each, interleaved).
  cluster.setupPrimary({ serialization: 'advanced' });
  // Without Redis the primary routes; with it, every worker is a replica of its own on Redis.
  const relay = config.redis.url === undefined ? new SessionRelay() : undefined;
  const live = new Set<Worker>();
  const barrier = new DrainBarrier(live);
  let stopping = false;
  let failed = false;
  /** Workers that have listened; once every worker of the start has, the cluster is ready (./readiness.ts). */
  const listened = new WeakSet<Worker>();
  let ready = false;
  // METRICS_PORT: the primary serves one /metrics summed over the workers (./metrics.ts).
  const metricsSettings = config.telemetry.metrics;
  const clusterMetrics = metricsSettings ? new ClusterMetrics(live, logger) : undefined;
  let metricsServer: MetricsServer | undefined;

  function announceReadiness(worker: Worker): void {
    const tell = (to: Worker) => to.isConnected() && to.send({ bus: 'ready' }, () => undefined);
    if (ready) return void tell(worker); // a replacement: the cluster was ready before it
    if ([...live].filter((w) => listened.has(w)).length < config.workers) return;
    ready = true;
    for (const w of live) tell(w);
  }

  // One requestState key for every worker when none is configured (2026-07-28 calls that ask the user).
  const stateSecret = config.stateSecret ?? randomBytes(32).toString('base64url');
  function fork(): void {
    const worker = cluster.fork({ MCP_STATE_SECRET: stateSecret });
    let listening = false;
    live.add(worker);
    relay?.adopt(worker);
    worker.on('message', (message: unknown) => clusterMetrics?.receive(worker, message) || barrier.receive(worker, message));
    // An IPC write to a worker that is exiting fails (EPIPE); unheard, that 'error' would end the primary
    // and every other worker with it. Its exit is handled below.
    worker.on('error', (error: Error) => logger.warn({ worker: worker.id, err: error.message }, 'a message to a worker could not be sent'));
    worker.once('listening', () => {
      listening = true;
      listened.add(worker);
      announceReadiness(worker);
    });
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      relay?.forget(worker);
      if (stopping && (code !== 0 || signal !== null)) failed = true;
      if (stopping) {
        barrier.check();
        if (live.size === 0) done();
        return;
      }
      if (!listening) {
        // A worker that cannot even start (port taken, bad setting) would fail again: stop everything.
        logger.fatal({ worker: worker.id, code, signal }, 'a worker failed to start: stopping');
        failed = true;
        return stop('SIGTERM');
      }
      logger.error({ worker: worker.id, code, signal, inMs: restartDelayMs }, 'a worker exited: starting a replacement');
      logger.flush();
      setTimeout(() => stopping || fork(), restartDelayMs).unref();
    });
  }

  function done(): void {
    logger.info({ failed }, 'every worker has exited');
    const closed = metricsServer?.close() ?? Promise.resolve();
    void closed.then(() => logger.flush(() => exit(failed ? 1 : 0)));
  }

  function stop(signal: NodeJS.Signals): void {
    if (stopping) {
      logger.warn({ signal }, 'second signal: killing the workers');
      for (const worker of live) worker.process.kill('SIGKILL');
      return;
    }
    stopping = true;
    logger.info({ signal, workers: live.size }, 'shutdown requested: draining every worker');
    // SIGTERM to each worker (they ignore SIGINT: a terminal's Ctrl-C reaches the whole process group,
    // and a worker counting it as a second signal would skip its drain).
    for (const worker of live) worker.process.kill('SIGTERM');
    if (live.size === 0) done();
  }

  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  logger.info({ workers: config.workers, routing: relay ? 'primary' : 'redis' }, 'starting workers');
  for (let i = 0; i < config.workers; i += 1) fork();
  if (metricsSettings && clusterMetrics) {
    metricsServer = createMetricsServer(clusterMetrics, metricsSettings.port, metricsSettings.host, logger);
    metricsServer.listen().then(
      (url) => {
        logger.info({ url: `${url}/metrics`, workers: config.workers }, 'metrics listening (summed over the workers)');
        logger.flush(); // written at once, as a worker's "tool server listening" is: whoever waits for it reads it
      },
      (error: unknown) => {
        // One sentence, as a single process says it (a port taken): the operator's to fix by a setting.
        const sentence = listenFailure(error, [{ port: metricsSettings.port, host: metricsSettings.host, setting: 'METRICS_PORT', hostSetting: 'METRICS_HOST' }]);
        logger.fatal({ err: sentence ?? (error instanceof Error ? error.message : String(error)) }, 'metrics could not listen: stopping');
        if (sentence !== undefined) process.stderr.write(`${sentence}\n`);
        failed = true;
        stop('SIGTERM');
      },
    );
  }
}
