// The shared Redis of CI machines (127.0.0.1:6379), a prefix per test file so files never see each
// other's keys, and the clean-up of those keys.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export const SHARED_REDIS_URL = 'redis://127.0.0.1:6379';

export const uniquePrefix = (): string => `test:${randomUUID().slice(0, 8)}:`;

/** Deletes every key under `prefix`. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
