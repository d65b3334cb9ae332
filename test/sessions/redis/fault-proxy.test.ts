// The fault proxy the Redis fault tests rely on: it must keep commands whole across TCP chunks and
// answer an injected error in the command's place, or those tests would test the proxy, not the server.
import { Redis } from 'ioredis';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../../support/redis';
import { CommandSplitter } from '../../support/resp';

describe('CommandSplitter', () => {
  it('a command cut across chunks comes out whole, once, with its name', () => {
    const splitter = new CommandSplitter();
    const bytes = Buffer.from('*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\nvalue\r\n*1\r\n$4\r\nPING\r\n');
    const first = splitter.push(bytes.subarray(0, 20));
    const rest = splitter.push(bytes.subarray(20));
    expect(first).toEqual([]);
    expect(rest.map((command) => command.name)).toEqual(['set', 'ping']);
    expect(Buffer.concat(rest.map((command) => command.bytes)).equals(bytes)).toBe(true);
  });
});

describe('startFaultProxy', () => {
  const prefix = uniquePrefix();
  let proxy: FaultProxy;
  let redis: Redis;

  beforeAll(async () => {
    proxy = await startFaultProxy({ host: '127.0.0.1', port: 6379 });
    redis = new Redis(proxy.url, { maxRetriesPerRequest: 0 });
  });

  afterAll(async () => {
    redis.disconnect();
    await proxy.close();
    await deleteKeys(SHARED_REDIS_URL, prefix);
  });

  it('an injected error answers the chosen command in its place; the others in the pipeline run', async () => {
    proxy.failCommands(['set'], 'OOM command not allowed (injected)');
    const results = await redis.pipeline().get(`${prefix}a`).set(`${prefix}a`, '1').incr(`${prefix}b`).exec();
    proxy.clearErrors();
    expect(results?.map(([error, value]) => (error ? error.message : value))).toEqual([null, 'OOM command not allowed (injected)', 1]);
    expect(await redis.get(`${prefix}a`)).toBeNull();
  });

  it('a partition holds commands until the heal, then delivers them in order', async () => {
    proxy.partition();
    const pending = redis.incr(`${prefix}c`);
    let settled = false;
    void pending.then(() => (settled = true));
    // A round trip on another connection that bypasses the proxy shows the held command has not run.
    const direct = new Redis(SHARED_REDIS_URL);
    expect(await direct.get(`${prefix}c`)).toBeNull();
    direct.disconnect();
    expect(settled).toBe(false);
    proxy.heal();
    expect(await pending).toBe(1);
  });
});
