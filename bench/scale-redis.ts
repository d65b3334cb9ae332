// CPU time Redis has used so far (INFO cpu), so the routed call's cost includes Redis's share.
import { Redis } from 'ioredis';

export async function redisCpuMs(url: string): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
  try {
    await redis.connect();
    const info = await redis.info('cpu');
    const field = (name: string) => Number(new RegExp(`^${name}:([0-9.]+)`, 'm').exec(info)?.[1] ?? Number.NaN);
    return (field('used_cpu_sys') + field('used_cpu_user')) * 1000;
  } finally {
    redis.disconnect();
  }
}
