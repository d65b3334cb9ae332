// The shared Redis of CI machines (127.0.0.1:6379), a prefix per test file so files never see each
// other's keys, and the clean-up of those keys.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
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

/** Every command the server runs, as MONITOR prints it (one line each), from a raw connection. */
export interface RedisMonitor {
  readonly lines: readonly string[];
  close(): void;
}

/**
 * MONITOR on a plain socket, not ioredis's monitor(): when other clients keep Redis busy, ioredis can read
 * the first monitored lines, which follow MONITOR's +OK in the same packet, as replies to its own commands
 * ("Command queue state error"). Here each line is a RESP simple string: +OK first, then one per command.
 */
export function monitorRedis(url: string): Promise<RedisMonitor> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const lines: string[] = [];
    let buffered = '';
    let started = false;
    const monitor: RedisMonitor = { lines, close: () => socket.destroy() };
    socket.setEncoding('utf8');
    socket.on('error', reject); // after the start too: an error event with no listener would throw
    socket.once('connect', () => socket.write('MONITOR\r\n'));
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\r\n')) !== -1) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (started) lines.push(line.slice(1));
        else if (line === '+OK') {
          started = true;
          resolve(monitor);
        } else {
          socket.destroy();
          reject(new Error(`MONITOR answered ${line}`));
        }
      }
    });
  });
}
