// WORKERS>1: one GET /metrics for the whole server. Each worker keeps its own figures and does not listen
// on METRICS_PORT; the primary does, asks every live worker for its metrics as prom-client's JSON over
// IPC, and sums them with prom-client's AggregatorRegistry (each metric by its `aggregator`: counters,
// histograms and the gauges here are summed). Without this, node:cluster handed each scrape to one worker,
// and Prometheus saw half the calls and a counter reset at every other scrape.
import type { Worker } from 'node:cluster';
import type * as Prom from 'prom-client';
import type { Logger } from '../logger';
import type { Metrics } from '../telemetry/telemetry';
import { isBusMessage } from './messages';

/** Primary → worker: send your metrics, answering with `q`. */
interface MetricsAsk {
  bus: 'metrics?';
  q: number;
}

/** Worker → primary: the metrics asked for by `q` (empty when they could not be read). */
interface MetricsTold {
  bus: 'metrics!';
  q: number;
  m: unknown[];
}

const isMessage = <T extends { bus: string }>(value: unknown, bus: T['bus']): value is T => isBusMessage<T>(value) && value.bus === bus;

/** In a worker: answers the primary's asks with this process's metrics. */
export function answerMetricsAsks(metrics: Pick<Metrics, 'snapshot'>): void {
  process.on('message', (message: unknown) => {
    if (!isMessage<MetricsAsk>(message, 'metrics?')) return;
    const tell = (m: unknown[]) => {
      if (process.connected) process.send?.({ bus: 'metrics!', q: message.q, m } satisfies MetricsTold, undefined, {}, () => undefined);
    };
    metrics.snapshot().then(tell, () => tell([]));
  });
}

/** In the primary: a scrape that sums every live worker's metrics. */
export class ClusterMetrics {
  private readonly prom = require('prom-client') as typeof Prom; // eslint-disable-line @typescript-eslint/no-require-imports
  private nextQuery = 0;
  private readonly waiting = new Map<number, (worker: Worker, metrics: unknown[]) => void>();

  constructor(
    private readonly live: ReadonlySet<Worker>,
    private readonly logger: Logger,
    /** How long a scrape waits for a worker (a busy or exiting one is left out of that scrape). */
    private readonly timeoutMs = 2_000,
  ) {}

  /** A worker's message: true when it was an answer to a scrape. */
  receive(worker: Worker, message: unknown): boolean {
    if (!isMessage<MetricsTold>(message, 'metrics!')) return false;
    this.waiting.get(message.q)?.(worker, message.m);
    return true;
  }

  async scrape(): Promise<{ contentType: string; body: string }> {
    const asked = [...this.live].filter((worker) => worker.isConnected());
    const q = this.nextQuery++;
    const answers = new Map<Worker, unknown[]>();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.timeoutMs);
      timer.unref();
      this.waiting.set(q, (worker, metrics) => {
        answers.set(worker, metrics);
        if (answers.size === asked.length) {
          clearTimeout(timer);
          resolve();
        }
      });
      if (asked.length === 0) resolve();
      for (const worker of asked) worker.send({ bus: 'metrics?', q } satisfies MetricsAsk, undefined, {}, () => undefined);
    });
    this.waiting.delete(q);
    if (answers.size < asked.length) {
      this.logger.warn({ workers: asked.length, answered: answers.size, timeoutMs: this.timeoutMs }, 'metrics: a worker did not answer in time; this scrape leaves it out');
    }
    const registry = this.prom.AggregatorRegistry.aggregate([...answers.values()] as Prom.MetricObjectWithValues<Prom.MetricValue<string>>[][]);
    return { contentType: registry.contentType, body: await registry.metrics() };
  }
}
