// Session routing over Redis (REDIS_URL). Importing this loads no Redis client: openRedisConnections does.
export { openRedisConnections, redisHealthCheck, type RedisConnections } from './connections';
export { RedisBus, type RedisBusOptions } from './redis-bus';
export { redisNames } from './wire';
