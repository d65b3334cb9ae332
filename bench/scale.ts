// Scale phases of `npm run bench`: the cost of a call routed through another replica over
// Redis vs one on the stream's holder (p50 one at a time, CPU per call of both replicas and Redis), and
// calls/s with WORKERS=2 vs one process. Skipped with --skip-scale; the routed phase needs a Redis.
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { Pool } from 'undici';
import { closedLoop, McpLoadClient, noErrors, totalErrors, type ErrorCounts, type LoadStats } from './load';
import { readCpuMs, readTreeCpuMs } from './measure';
import { startServer, type ChildServer } from './processes';
import { openSessions } from './sse-session';
import { redisCpuMs } from './scale-redis';

export interface ScaleSettings {
  readonly apiUrl: string;
  /** The stand-in API's process, for the CPU split of the WORKERS rounds. */
  readonly apiPid: number | undefined;
  /** The settings ours runs with in every phase (bench/context.ts). */
  readonly baseEnv: Readonly<Record<string, string>>;
  readonly script: string;
  /** --node-flags, for ours's processes. */
  readonly nodeFlags: readonly string[];
  readonly redisUrl: string;
  readonly headers: Record<string, string>;
  readonly tool: string;
  readonly oneAtATimeMs: number;
  readonly concurrentMs: number;
  readonly warmupMs: number;
  readonly timeoutMs: number;
  /** Smoke mode: one round per configuration, no WORKERS=2-with-Redis round. */
  readonly quick: boolean;
  /** L R R L passes of the routed phase (default 1); more for a comparison of two builds. */
  readonly routedPasses?: number;
  readonly progress: (text: string) => void;
}

export interface RoutedFigures {
  readonly localP50Ms: number;
  readonly routedP50Ms: number;
  /** routed − local, p50 of one call at a time. */
  readonly addedP50Ms: number;
  /** CPU of both replicas and Redis per call, in µs. */
  readonly localCpuUsPerCall: number;
  readonly routedCpuUsPerCall: number;
}

/** Where the CPU of a throughput round went, per call (µs), and how many cores were busy in all. */
export interface CpuSplit {
  readonly serverUs: number;
  readonly loadGeneratorUs: number;
  readonly apiUs: number;
  readonly coresBusy: number;
}

export interface WorkersFigures {
  readonly oneProcessCallsPerSecond: number;
  readonly twoWorkersCallsPerSecond: number;
  /** Means of the rounds of each configuration. */
  readonly oneProcessCpu: CpuSplit;
  readonly twoWorkersCpu: CpuSplit;
  readonly twoWorkersRedisCallsPerSecond: number | undefined;
  readonly ratio: number;
}

export interface ScaleResults {
  readonly routed: RoutedFigures | { skipped: string };
  readonly workers: WorkersFigures;
  readonly errors: ErrorCounts;
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
const orderId = (n: number): string => `ord_${n % 1000}`;

function addErrors(into: ErrorCounts, stats: LoadStats): void {
  for (const [kind, count] of Object.entries(stats.errors)) into[kind as keyof ErrorCounts] += count;
}

/** Two replicas on Redis; sessions on A; calls posted to A (local) or B (routed), rounds interleaved L R R L. */
export async function routedPhase(s: ScaleSettings, errors: ErrorCounts): Promise<RoutedFigures> {
  const env = { ...s.baseEnv, CUSTOMER_API_URL: s.apiUrl, REDIS_URL: s.redisUrl, REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:` };
  const a = await startServer('replica A', s.script, env, undefined, s.nodeFlags);
  const b = await startServer('replica B', s.script, env, undefined, s.nodeFlags);
  const agent = new Agent({ keepAlive: true });
  const pools = { local: new Pool(a.url, { connections: 4 }), routed: new Pool(b.url, { connections: 4 }) };
  try {
    const [session] = await openSessions(a.url, agent, 1);
    if (!session || (await session.initialize(pools.local, s.headers, s.timeoutMs))) throw new Error('routed phase: initialize failed');
    const round = async (kind: 'local' | 'routed', ms: number) => {
      const cpuBefore = readCpuMs(a.pid) + readCpuMs(b.pid) + (await redisCpuMs(s.redisUrl));
      const stats = await closedLoop(1, ms, (_w, n) => session.call(pools[kind], 'tools/call', { name: s.tool, arguments: { orderId: orderId(n) } }, s.headers, s.timeoutMs));
      const cpu = readCpuMs(a.pid) + readCpuMs(b.pid) + (await redisCpuMs(s.redisUrl)) - cpuBefore;
      addErrors(errors, stats);
      return { p50: stats.p50Ms, cpuUs: (cpu * 1000) / Math.max(1, stats.calls) };
    };
    s.progress('scale: routed vs local, warm-up');
    await round('local', s.warmupMs);
    await round('routed', s.warmupMs);
    const results = { local: [] as Array<{ p50: number; cpuUs: number }>, routed: [] as Array<{ p50: number; cpuUs: number }> };
    const passes = Array.from({ length: s.routedPasses ?? 1 }, () => ['local', 'routed', 'routed', 'local'] as const).flat();
    for (const kind of passes) {
      s.progress(`scale: ${kind} call, one at a time`);
      results[kind].push(await round(kind, s.oneAtATimeMs));
    }
    session.close();
    const localP50Ms = mean(results.local.map((r) => r.p50));
    const routedP50Ms = mean(results.routed.map((r) => r.p50));
    return {
      localP50Ms,
      routedP50Ms,
      addedP50Ms: routedP50Ms - localP50Ms,
      localCpuUsPerCall: mean(results.local.map((r) => r.cpuUs)),
      routedCpuUsPerCall: mean(results.routed.map((r) => r.cpuUs)),
    };
  } finally {
    agent.destroy();
    await Promise.all([pools.local.destroy(), pools.routed.destroy()]);
    await Promise.all([a.stop(), b.stop()]);
  }
}

/**
 * 32 concurrent calls over 16 sessions, as the main rounds, against one server configuration: calls/s, and
 * the CPU per call of the server (primary and workers), this load generator and the stand-in API.
 */
async function throughput(server: ChildServer, s: ScaleSettings, errors: ErrorCounts): Promise<{ callsPerSecond: number; cpu: CpuSplit }> {
  const client = await McpLoadClient.connect(server.url, { sessions: 16, connections: 32, headers: s.headers, timeoutMs: s.timeoutMs });
  try {
    const call = (worker: number, n: number) => client.callTool(worker, s.tool, { orderId: orderId(n) });
    await closedLoop(32, s.warmupMs, call);
    const apiCpu = () => (s.apiPid === undefined ? 0 : readCpuMs(s.apiPid));
    const before = { server: readTreeCpuMs(server.pid), api: apiCpu(), us: process.cpuUsage() };
    const stats = await closedLoop(32, s.concurrentMs, call);
    const own = process.cpuUsage(before.us);
    const ms = { server: readTreeCpuMs(server.pid) - before.server, api: apiCpu() - before.api, load: (own.user + own.system) / 1000 };
    addErrors(errors, stats);
    const perCall = (cpuMs: number) => (cpuMs * 1000) / Math.max(1, stats.calls);
    return {
      callsPerSecond: stats.callsPerSecond,
      cpu: {
        serverUs: perCall(ms.server),
        loadGeneratorUs: perCall(ms.load),
        apiUs: perCall(ms.api),
        coresBusy: (ms.server + ms.api + ms.load) / stats.elapsedMs,
      },
    };
  } finally {
    await client.close();
  }
}

/** One process vs WORKERS=2 (routed through the primary, and over Redis when there is one), W1 W2 W2r W2r W2 W1. */
async function workersPhase(s: ScaleSettings, withRedis: boolean, errors: ErrorCounts): Promise<WorkersFigures> {
  const env = { ...s.baseEnv, CUSTOMER_API_URL: s.apiUrl };
  const configs = {
    one: { ...env, WORKERS: '1' },
    two: { ...env, WORKERS: '2' },
    ...(withRedis && !s.quick ? { twoRedis: { ...env, WORKERS: '2', REDIS_URL: s.redisUrl, REDIS_PREFIX: `bench:${randomBytes(4).toString('hex')}:` } } : {}),
  } as Record<string, Record<string, string>>;
  const order = s.quick ? ['one', 'two'] : withRedis ? ['one', 'two', 'twoRedis', 'twoRedis', 'two', 'one'] : ['one', 'two', 'two', 'one'];
  const figures: Record<string, number[]> = {};
  const cpu: Record<string, CpuSplit[]> = {};
  for (const name of order) {
    s.progress(`scale: calls/s, ${name === 'one' ? 'one process' : name === 'two' ? 'WORKERS=2' : 'WORKERS=2 with Redis'}`);
    // A fresh server per round: every configuration starts equally cold, and only one runs at a time.
    const server = await startServer(`ours (${name})`, s.script, configs[name], undefined, s.nodeFlags);
    try {
      const measured = await throughput(server, s, errors);
      (figures[name] ??= []).push(measured.callsPerSecond);
      (cpu[name] ??= []).push(measured.cpu);
    } finally {
      await server.stop();
    }
  }
  const one = mean(figures.one ?? []);
  const two = mean(figures.two ?? []);
  const meanSplit = (rounds: CpuSplit[] = []): CpuSplit => ({
    serverUs: mean(rounds.map((r) => r.serverUs)),
    loadGeneratorUs: mean(rounds.map((r) => r.loadGeneratorUs)),
    apiUs: mean(rounds.map((r) => r.apiUs)),
    coresBusy: mean(rounds.map((r) => r.coresBusy)),
  });
  return {
    oneProcessCallsPerSecond: one,
    twoWorkersCallsPerSecond: two,
    oneProcessCpu: meanSplit(cpu.one),
    twoWorkersCpu: meanSplit(cpu.two),
    twoWorkersRedisCallsPerSecond: figures.twoRedis ? mean(figures.twoRedis) : undefined,
    ratio: two / one,
  };
}

export async function runScalePhases(s: ScaleSettings): Promise<ScaleResults> {
  const errors = noErrors();
  const redisUp = await redisCpuMs(s.redisUrl).then(() => true, () => false);
  if (!redisUp) s.progress(`scale: no Redis at ${s.redisUrl}: the routed phase is skipped`);
  const routed = redisUp ? await routedPhase(s, errors) : { skipped: `no Redis at ${s.redisUrl}` };
  const workers = await workersPhase(s, redisUp, errors);
  return { routed, workers, errors };
}

const ms = (value: number): string => value.toFixed(3);
const mark = (ok: boolean): string => (ok ? '✓' : '✗');

export function formatScale(results: ScaleResults, cores: number): string {
  const lines = ['| scale | figure | target |', '|---|---:|---|'];
  if ('skipped' in results.routed) lines.push(`| routed call over Redis | skipped: ${results.routed.skipped} | |`);
  else {
    const r = results.routed;
    lines.push(`| p50 one at a time, local / routed (ms) | ${ms(r.localP50Ms)} / ${ms(r.routedP50Ms)} | |`);
    lines.push(`| routed adds at p50 (ms) | ${ms(r.addedP50Ms)} | ≤ 0.3 ${mark(r.addedP50Ms <= 0.3)} |`);
    lines.push(`| CPU per call, both replicas + Redis, local / routed (µs) | ${r.localCpuUsPerCall.toFixed(0)} / ${r.routedCpuUsPerCall.toFixed(0)} | |`);
  }
  const w = results.workers;
  lines.push(`| calls/s, one process / WORKERS=2 | ${w.oneProcessCallsPerSecond.toFixed(0)} / ${w.twoWorkersCallsPerSecond.toFixed(0)} | |`);
  if (w.twoWorkersRedisCallsPerSecond !== undefined) lines.push(`| calls/s, WORKERS=2 with Redis | ${w.twoWorkersRedisCallsPerSecond.toFixed(0)} | |`);
  lines.push(`| WORKERS=2 ÷ one process | ${w.ratio.toFixed(2)} | ≥ 1.3 ${mark(w.ratio >= 1.3)} |`);
  const split = (c: CpuSplit) => `${c.serverUs.toFixed(0)} / ${c.loadGeneratorUs.toFixed(0)} / ${c.apiUs.toFixed(0)}; ${c.coresBusy.toFixed(2)} of ${cores}`;
  lines.push(`| CPU per call (µs), server / load generator / API; cores busy, one process | ${split(w.oneProcessCpu)} | |`);
  lines.push(`| the same, WORKERS=2 | ${split(w.twoWorkersCpu)} | |`);
  lines.push('', `On ${cores} cores the load generator and the stand-in API share the CPUs with the workers: the cores`);
  lines.push('busy with one process say how much room a second worker had. The ratio understates what two workers');
  lines.push('give when the clients are elsewhere.');
  if (totalErrors(results.errors) > 0) lines.push(`${totalErrors(results.errors)} call(s) failed in the scale phases`);
  return lines.join('\n');
}
