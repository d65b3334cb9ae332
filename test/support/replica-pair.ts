// Two replicas over a redis-server of the test's own, beside a recording customer API: the set-up of the
// Redis tests that route between replicas. `settings` adds to the replicas' environment (REDIS_PREFIX, …).
import { killAll, startRedisServer, startReplica, type RedisServer, type Replica } from './processes';
import { startRecordingApi, type RecordingApi } from './recording-api';

export interface ReplicaPair {
  readonly redis: RedisServer;
  readonly api: RecordingApi;
  readonly a: Replica;
  readonly b: Replica;
  /** What both replicas were started with: for a third one like them. */
  readonly env: Record<string, string>;
  /** Stops both replicas, Redis and the API, and kills whatever else the file started (call in afterAll). */
  stop(): Promise<void>;
}

export async function startReplicaPair(settings: Record<string, string>): Promise<ReplicaPair> {
  const redis = await startRedisServer();
  const api = await startRecordingApi();
  const env = { CUSTOMER_API_URL: api.url, REDIS_URL: redis.url, ...settings };
  const [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
  return {
    redis,
    api,
    a,
    b,
    env,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await redis.stop();
      killAll();
      await api.close();
    },
  };
}
