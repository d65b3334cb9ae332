// GET /health/live and /health/ready (src/health/probes.ts) on real servers: a cluster whose Redis goes
// down (a fault proxy in front of the shared one, closed), a server whose Redis is unreachable from the
// start, and the probes' methods and shutdown on an app of their own.
import express from 'express';
import request from 'supertest';
import { mountProbeRoutes } from '../../src/health';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { freePort, killAll, startReplica, type Replica } from '../support/processes';
import { startRecordingApi, type RecordingApi } from '../support/recording-api';
import { deleteKeys, SHARED_REDIS_URL, uniquePrefix } from '../support/redis';
import { healthBecomes } from '../sessions/redis/fault-helpers';

const prefix = uniquePrefix();
let api: RecordingApi;

beforeAll(async () => {
  api = await startRecordingApi();
});

async function probe(replica: Replica, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${replica.url}${path}`);
  return { status: response.status, body: await response.json() };
}

afterAll(async () => {
  killAll();
  await api.close();
  await deleteKeys(SHARED_REDIS_URL, prefix);
});

describe('liveness and readiness on a real server', () => {
  let proxy: FaultProxy | undefined;
  afterAll(() => proxy?.close());

  it('WORKERS=2, Redis gone: /health 503 naming redis, while /health/live and /health/ready answer 200 (a restart would not bring Redis back)', async () => {
    const { hostname, port } = new URL(SHARED_REDIS_URL);
    proxy = await startFaultProxy({ host: hostname, port: Number(port) });
    const primary = await startReplica({ WORKERS: '2', REDIS_URL: proxy.url, REDIS_PREFIX: prefix, CUSTOMER_API_URL: api.url });
    try {
      expect(await probe(primary, '/health/live')).toEqual({ status: 200, body: { status: 'alive' } });
      // Once the primary has told both workers that every worker listens (an IPC message: polled).
      await healthBecomes(primary, 200);
      expect(await probe(primary, '/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });

      await proxy.close(); // every connection cut, none accepted: Redis is down for these workers
      await healthBecomes(primary, 503, /redis: unreachable/);
      for (let i = 0; i < 4; i += 1) {
        // New connections: node:cluster hands them to both workers.
        expect(await probe(primary, '/health/live')).toEqual({ status: 200, body: { status: 'alive' } });
        expect(await probe(primary, '/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });
      }
    } finally {
      expect(await primary.stop()).toBe(0);
    }
  }, 60_000);

  it('Redis unreachable at startup: the log says how long the start waits for it, the server listens without it, live and ready 200', async () => {
    const nothing = await freePort(); // nothing listens there
    const replica = await startReplica({ REDIS_URL: `redis://127.0.0.1:${nothing}`, REDIS_PREFIX: prefix, CUSTOMER_API_URL: api.url });
    try {
      const lines = replica.output().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'waiting for redis before listening', waitMs: 5000, redis: `127.0.0.1:${nothing}` }));
      expect(lines).toContainEqual(expect.objectContaining({ msg: expect.stringMatching(/^redis not reachable at startup: listening without it/), waitedMs: 5000 }));
      expect(await probe(replica, '/health/live')).toEqual({ status: 200, body: { status: 'alive' } });
      expect(await probe(replica, '/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });
      expect((await probe(replica, '/health')).status).toBe(503);
    } finally {
      await replica.stop();
    }
  }, 60_000);
});

describe('the probes on an app of their own', () => {
  function app(options: Partial<Parameters<typeof mountProbeRoutes>[1]> = {}) {
    const router = express();
    mountProbeRoutes(router, { checks: [], timeoutMs: 500, ...options });
    return router;
  }

  it('any method but GET and HEAD: 405 with Allow, in JSON', async () => {
    for (const path of ['/health/live', '/health/ready']) {
      expect((await request(app()).head(path)).status).toBe(200);
      for (const method of ['post', 'put', 'delete', 'patch'] as const) {
        const res = await request(app())[method](path);
        expect({ status: res.status, allow: res.headers.allow, type: res.headers['content-type'], body: res.body }).toEqual({
          status: 405,
          allow: 'GET, HEAD',
          type: expect.stringMatching(/^application\/json/),
          body: { error: 'method_not_allowed', message: 'The probe is read with GET.' },
        });
      }
    }
  });

  it('readiness runs only the checks of this process (readiness: true), never a dependency; 503 once shutdown has begun', async () => {
    const down = async () => {
      throw new Error('down');
    };
    const dependency = { name: 'customer-api', check: down };
    const workers = { name: 'workers', readiness: true, check: down };
    expect((await request(app({ checks: [dependency] })).get('/health/ready')).status).toBe(200);
    const starting = await request(app({ checks: [dependency, workers] })).get('/health/ready');
    expect({ status: starting.status, body: starting.body }).toEqual({ status: 503, body: { status: 'not_ready', error: 'workers: down' } });
    const draining = await request(app({ isDraining: () => true })).get('/health/ready');
    expect({ status: draining.status, body: draining.body }).toEqual({ status: 503, body: { status: 'not_ready', error: 'shutting down: in-flight calls are finishing' } });
    expect((await request(app({ checks: [workers], isDraining: () => true })).get('/health/live')).status).toBe(200);
  });
});
