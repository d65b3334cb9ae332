// Chooses where session answers go, from the configuration: Redis when REDIS_URL is set (replicas, and
// each worker of a cluster), the cluster's primary in a worker without Redis, else memory (one process).
import cluster from 'node:cluster';
import { ClusterBus } from './cluster/cluster-bus';
import { waitForOtherWorkers } from './cluster/drain-barrier';
import { clusterReadiness } from './cluster/readiness';
import type { HealthCheck } from './health';
import type { Logger } from './logger';
import type { SessionBus } from './sessions/bus';
import type { CallTracker } from './sessions/calls';
import { openRedisConnections, RedisBus, redisHealthCheck } from './sessions/redis';

/** What this reads of the server's Config (src/config-types.ts), which the entry point passes whole. */
export interface BusConfig {
  readonly redis: { readonly url: string | undefined; readonly prefix: string; readonly sessionTtlMs: number; readonly sessionRefreshMs: number };
}

/** Spread into createToolServer's options. */
export interface BusChoice {
  bus?: (calls: CallTracker) => SessionBus;
  healthChecks: HealthCheck[];
  /** In a cluster worker: shutdown waits for the other workers' calls before ending its streams. */
  afterDrain?: (timeoutMs: number) => Promise<void>;
}

export function sessionBusFromConfig(config: BusConfig, logger: Logger): BusChoice {
  const { url, prefix, sessionTtlMs, sessionRefreshMs } = config.redis;
  const afterDrain = cluster.isWorker ? { afterDrain: (timeoutMs: number) => waitForOtherWorkers(timeoutMs) } : {};
  const workers = cluster.isWorker ? [clusterReadiness()] : [];
  if (url !== undefined) {
    const connections = openRedisConnections({ url, logger, name: `${prefix}${process.pid}` });
    return {
      bus: (calls) => new RedisBus({ connections, calls, logger, prefix, sessionTtlMs, refreshMs: sessionRefreshMs }),
      healthChecks: [redisHealthCheck(connections), ...workers],
      ...afterDrain,
    };
  }
  if (cluster.isWorker) return { bus: (calls) => new ClusterBus(calls), healthChecks: workers, ...afterDrain };
  return { healthChecks: [] };
}
