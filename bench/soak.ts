// `npm run soak`: minutes of mixed traffic against two replicas on a Redis of the soak's own,
// restarted once, to find growth that a short bench cannot: calls on both lanes, calls routed over
// Redis, stream churn, cancellations (notifications/cancelled and streams dropped mid-call). It prints
// each replica's RSS, heap, descriptors and event-loop delay at the start, after warm-up and at the end,
// their slopes per minute after warm-up, and p50/p99 per phase. Not in CI: `--minutes 10` by default.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { HEADERS, OURS_ENV, SCRIPTS, TOOL, orderId } from './context';
import { percentile } from './load';
import { readRssKb } from './measure';
import { StreamableLoadClient } from './mcp-client';
import { freePort, killAll, startServer, type ChildServer } from './processes';
import { SseSession, type CallResult } from './sse-session';

type Phase = 'warm-up' | 'steady' | 'redis restart' | 'after';
type Lane = 'sse local' | 'sse routed' | 'mcp' | 'churn' | 'cancel';
interface Sample {
  minute: number;
  rssMiB: number;
  heapMiB: number;
  fds: number;
  loopP99Ms: number;
}

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
const minutes = Number(values.minutes);
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');
const totalMs = minutes * 60_000;
const warmUpMs = Math.max(20_000, totalMs * 0.2);
const restartAtMs = totalMs * 0.6;
const RESTART_PHASE_MS = 15_000;
const TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mib = (bytes: number) => bytes / 1024 / 1024;

let started = 0;
let phase: Phase = 'warm-up';
const latencies = new Map<string, number[]>();
/** Errors per phase and lane, by kind (a cancel's by the status of its POST). */
const errors = new Map<string, Map<string, number>>();
const record = (lane: Lane, result: CallResult, kind: string | undefined = result.error) => {
  const key = `${phase}|${lane}`;
  if (kind === undefined) return void (latencies.get(key) ?? latencies.set(key, []).get(key)!).push(result.latencyMs);
  const kinds = errors.get(key) ?? errors.set(key, new Map()).get(key)!;
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
};

/** A redis-server of the soak's own (no persistence) that can be restarted on the same port. */
async function redisServer(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  while (!out.includes('Ready to accept connections')) {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${out}`);
    await sleep(20);
  }
  return child;
}

/** One replica's figures: RSS after a full GC (SIGUSR2, see gc-on-signal), heap and event-loop delay from /metrics. */
async function sample(server: ChildServer, metricsUrl: string): Promise<Sample> {
  process.kill(server.pid, 'SIGUSR2');
  await sleep(300);
  const text = await (await fetch(metricsUrl)).text();
  const figure = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    minute: (performance.now() - started) / 60_000,
    rssMiB: readRssKb(server.pid) / 1024,
    heapMiB: mib(figure('nodejs_heap_size_used_bytes')),
    fds: readdirSync(`/proc/${server.pid}/fd`).length,
    loopP99Ms: figure('nodejs_eventloop_lag_p99_seconds') * 1000,
  };
}

/** Least-squares slope per minute. */
function slope(points: Sample[], field: keyof Sample): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.minute, 0) / n;
  const my = points.reduce((s, p) => s + p[field], 0) / n;
  const num = points.reduce((s, p) => s + (p.minute - mx) * (p[field] - my), 0);
  const den = points.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function main(): Promise<void> {
  const redisPort = await freePort();
  let redis = await redisServer(redisPort);
  const api = await startServer('stand-in API', SCRIPTS.api);
  const prefix = `soak:${process.pid}:`;
  const metricsPorts = [await freePort(), await freePort()];
  const env = (n: number) => ({ ...OURS_ENV, CUSTOMER_API_URL: api.url, REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_PREFIX: prefix, METRICS_PORT: String(metricsPorts[n]) });
  const script = join(__dirname, '..', 'src', 'index.js');
  const replicas = [await startServer('replica A', script, env(0)), await startServer('replica B', script, env(1))] as const;
  const metricsUrls = metricsPorts.map((port) => `http://127.0.0.1:${port}/metrics`);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const pools = replicas.map((replica) => new Pool(replica.url, { connections: 8, keepAliveTimeout: 60_000 }));
  const mcp = replicas.map((replica) => new StreamableLoadClient(replica.url, { connections: 4, headers: HEADERS, timeoutMs: TIMEOUT_MS, era: '2025' }));
  const [poolA, poolB] = pools as [Pool, Pool];
  started = performance.now();
  const samples: Sample[][] = [[], []];
  const takeSamples = async () => {
    for (const [n, replica] of replicas.entries()) samples[n]!.push(await sample(replica, metricsUrls[n]!));
  };
  await takeSamples();
  const firstSamples = samples.map((list) => list[0]!);

  const running = () => performance.now() - started < totalMs;
  let n = 0;
  const args = () => ({ orderId: orderId(n++) });
  const open = async (replica: number) => {
    const session = await SseSession.open(replicas[replica]!.url, agent);
    const failed = await session.initialize(pools[replica]!, HEADERS, TIMEOUT_MS);
    if (failed) throw new Error(`initialize failed: ${failed}`);
    return session;
  };
  const loops: Array<Promise<void>> = [];
  // Long-lived streams on A: calls posted to A (local) and to B (routed over Redis).
  for (let s = 0; s < 2; s += 1) {
    loops.push((async () => {
      let session = await open(0);
      while (running()) {
        const routed = await session.call(poolB, 'tools/call', { name: TOOL, arguments: args() }, HEADERS, TIMEOUT_MS);
        record('sse routed', routed);
        record('sse local', await session.call(poolA, 'tools/call', { name: TOOL, arguments: args() }, HEADERS, TIMEOUT_MS));
        // During the restart a routed POST is refused (503) and the stream may be cut: reopen and go on.
        if (routed.error) await sleep(200);
        if (routed.error === 'network' || routed.error === 'timeout') session = await open(0).catch(() => session);
      }
      session.close();
    })());
  }
  for (const client of mcp) loops.push((async () => {
    while (running()) record('mcp', await client.callTool(TOOL, args()));
  })());
  // Stream churn: open, initialize, one call on the other replica, close; every other stream dropped mid-call.
  loops.push((async () => {
    for (let k = 0; running(); k += 1) {
      try {
        const session = await open(k % 2);
        const call = session.call(pools[(k + 1) % 2]!, 'tools/call', { name: TOOL, arguments: args() }, HEADERS, TIMEOUT_MS);
        if (k % 2 === 1) session.close();
        const result = await call;
        if (k % 2 === 0) record('churn', result);
        session.close();
      } catch (error) {
        record('churn', { error: 'network', latencyMs: 0 }, `failed: ${(error as Error).message.slice(0, 40)}`);
        await sleep(200);
      }
    }
  })());
  // notifications/cancelled for a call just posted (id 2: initialize took 1), sent to the other replica.
  loops.push((async () => {
    for (let k = 0; running(); k += 1) {
      try {
        const session = await open(k % 2);
        const call = session.call(pools[k % 2]!, 'tools/call', { name: TOOL, arguments: args() }, HEADERS, TIMEOUT_MS);
        const cancel = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
        const res = await pools[(k + 1) % 2]!.request({ method: 'POST', path: session.messagesPath, headers: { 'content-type': 'application/json', ...HEADERS }, body: cancel });
        await res.body.text();
        session.close();
        await call;
        record('cancel', { latencyMs: 0 }, res.statusCode === 202 ? undefined : `http ${res.statusCode}`);
      } catch (error) {
        record('cancel', { error: 'network', latencyMs: 0 }, `failed: ${(error as Error).message.slice(0, 40)}`);
        await sleep(200);
      }
    }
  })());

  let warmSamples: Sample[] | undefined;
  let restarted = false;
  while (running()) {
    await sleep(Math.min(10_000, totalMs / 30));
    const at = performance.now() - started;
    if (phase === 'warm-up' && at >= warmUpMs) {
      await takeSamples();
      warmSamples = samples.map((list) => list.at(-1)!);
      phase = 'steady';
      continue;
    }
    if (!restarted && at >= restartAtMs) {
      restarted = true;
      phase = 'redis restart';
      redis.kill('SIGTERM');
      await once(redis, 'exit');
      await sleep(1_000);
      redis = await redisServer(redisPort);
      setTimeout(() => (phase = 'after'), RESTART_PHASE_MS).unref();
    }
    if (phase !== 'warm-up') await takeSamples();
  }
  await Promise.all(loops);
  await takeSamples();
  report(samples, firstSamples, warmSamples ?? samples.map((list) => list.at(-1)!));
  agent.destroy();
  await Promise.all([...pools.map((pool) => pool.destroy()), ...mcp.map((client) => client.close())]);
  await Promise.all(replicas.map((replica) => replica.stop()));
  await api.stop();
  redis.kill('SIGTERM');
}

function report(samples: Sample[][], first: Sample[], warm: Sample[]): void {
  const out: string[] = [`soak: ${minutes} min, warm-up ${(warmUpMs / 60_000).toFixed(1)} min, Redis restarted at ${(restartAtMs / 60_000).toFixed(1)} min`, ''];
  const row = (label: string, s: Sample) => `| ${label} | ${s.rssMiB.toFixed(1)} | ${s.heapMiB.toFixed(1)} | ${s.fds} | ${s.loopP99Ms.toFixed(1)} |`;
  for (const [n, list] of samples.entries()) {
    const after = list.filter((s) => s.minute >= warm[n]!.minute);
    out.push(`replica ${n === 0 ? 'A' : 'B'} | RSS MiB | heap MiB | descriptors | event-loop p99 ms |`, '|---|---:|---:|---:|---:|');
    out.push(row('start', first[n]!), row('after warm-up', warm[n]!), row('end', list.at(-1)!));
    const rss = slope(after, 'rssMiB');
    out.push(`| slope per minute after warm-up | ${rss.toFixed(2)} | ${slope(after, 'heapMiB').toFixed(2)} | ${slope(after, 'fds').toFixed(2)} | ${slope(after, 'loopP99Ms').toFixed(2)} |`);
    out.push(`RSS growth after warm-up ${rss < 1 ? 'under' : 'OVER'} 1 MiB a minute (${after.length} samples)`, '');
  }
  out.push('| phase | lane | calls | errors | p50 ms | p99 ms |', '|---|---|---:|---:|---:|---:|');
  for (const p of ['warm-up', 'steady', 'redis restart', 'after'] as Phase[]) {
    for (const lane of ['sse local', 'sse routed', 'mcp', 'churn', 'cancel'] as Lane[]) {
      const list = latencies.get(`${p}|${lane}`) ?? [];
      const sorted = Float64Array.from(list).sort();
      const kinds = [...(errors.get(`${p}|${lane}`) ?? new Map<string, number>())];
      const failed = kinds.reduce((sum, [, count]) => sum + count, 0);
      if (list.length + failed === 0) continue;
      const timed = lane !== 'cancel' && list.length > 0;
      const why = kinds.map(([kind, count]) => `${kind}: ${count}`).join(', ');
      out.push(`| ${p} | ${lane} | ${list.length} | ${failed}${failed > 0 ? ` (${why})` : ''} | ${timed ? percentile(sorted, 50).toFixed(2) : '-'} | ${timed ? percentile(sorted, 99).toFixed(2) : '-'} |`);
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`soak failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    killAll();
    process.exit(1);
  },
);
