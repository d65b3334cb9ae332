// The Redis bus's single-use claims (a used requestState, refused on every replica) and announcements
// (a caller's log level, heard by every other replica), on the shared Redis, each file its own prefix.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { createLogger } from '../../../src/logger';
import { BusUnavailableError } from '../../../src/sessions/bus';
import { CallTracker } from '../../../src/sessions/calls';
import { openRedisConnections, RedisBus } from '../../../src/sessions/redis';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../../support/redis';
import { until } from '../../support/wait';

const prefix = uniquePrefix();
const logger = createLogger({ level: 'silent', destination: process.stderr });
const buses: RedisBus[] = [];

function bus(url = SHARED_REDIS_URL): RedisBus {
  const connections = openRedisConnections({ url, logger, name: `${prefix}claims` });
  const created = new RedisBus({ connections, calls: new CallTracker(), logger, prefix, sessionTtlMs: 15_000, refreshMs: 5_000 });
  buses.push(created);
  return created;
}

afterAll(async () => {
  await Promise.all(buses.map((created) => created.close()));
  await deleteKeys(SHARED_REDIS_URL, prefix);
});

describe('RedisBus.claimOnce', () => {
  it('grants a key to one replica only, as SET <prefix>state:<nonce> NX with the expiry it was given', async () => {
    const [a, b] = [bus(), bus()];
    await Promise.all([a.ready(), b.ready()]);
    expect(await a.claimOnce('state:nonce-1', 60_000)).toBe(true);
    expect(await b.claimOnce('state:nonce-1', 60_000)).toBe(false);
    expect(await a.claimOnce('state:nonce-1', 60_000)).toBe(false);
    expect(await b.claimOnce('state:nonce-2', 60_000)).toBe(true);
    const redis = new Redis(SHARED_REDIS_URL);
    try {
      const ttl = await redis.pttl(`${prefix}state:nonce-1`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    } finally {
      redis.disconnect();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses with BusUnavailableError when Redis cannot answer: never granted without its word', async () => {
    // A listener that never answers: the connection never becomes ready, so no command can run.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket.on('close', () => sockets.delete(socket))));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const down = bus(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    try {
      await expect(down.claimOnce('state:nonce-3', 60_000)).rejects.toBeInstanceOf(BusUnavailableError);
    } finally {
      await down.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('RedisBus.announce', () => {
  it('reaches every other replica on the control channel, not the one that announced', async () => {
    const [a, b, c] = [bus(), bus(), bus()];
    await Promise.all([a.ready(), b.ready(), c.ready()]);
    // Each subscribes as it starts: an announcement made before a replica listens is not heard by it.
    const redis = new Redis(SHARED_REDIS_URL);
    const listening = async () => Number(((await redis.pubsub('NUMSUB', `${prefix}control`)) as [string, number])[1]);
    try {
      const deadline = Date.now() + 30_000;
      while ((await listening()) < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await listening()).toBe(3);
    } finally {
      redis.disconnect();
    }
    const heard: string[] = [];
    a.onAnnouncement('log-level', (key, value) => heard.push(`a ${key}=${value}`));
    b.onAnnouncement('log-level', (key, value) => heard.push(`b ${key}=${value}`));
    c.onAnnouncement('log-level', (key, value) => heard.push(`c ${key}=${value}`));
    a.announce('log-level', 'owner-1', 'error');
    await until(() => heard.length === 2);
    expect(heard.sort()).toEqual(['b owner-1=error', 'c owner-1=error']);
  });
});
