// What metrics and tracing cost per tool call: the tool server (src/index.ts) runs as a child
// process four times (off, metrics, tracing, both) against the bench's stand-in API, with a loopback
// OTLP sink when tracing; the same closed loop of direct POST /messages calls drives each, and the
// child's CPU is read from /proc. Run: `npx tsx bench/telemetry-cost.ts [calls] [concurrency] [rounds]` (Linux).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'undici';
import { listen } from '../src/http/listen';
import { freePort, HOST } from './processes';
import { startStandInApi } from './stand-in-api';

const CALLS = Number(process.argv[2] ?? 20_000);
const CONCURRENCY = Number(process.argv[3] ?? 32);
const ROUNDS = Number(process.argv[4] ?? 3);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** User + system CPU of a process, in seconds. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

async function drive(url: string, calls: number): Promise<number> {
  const pool = new Pool(url, { connections: CONCURRENCY });
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_order', arguments: { orderId: 'ord_1001' } } });
  const headers = { 'content-type': 'application/json', authorization: 'Bearer bench', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
  let issued = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (issued < calls) {
        issued += 1;
        const res = await pool.request({ path: '/messages', method: 'POST', headers, body });
        const text = await res.body.text();
        if (res.statusCode !== 200 || text.includes('"isError":true')) failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  if (failed > 0) throw new Error(`${failed} calls failed`);
  return elapsed;
}

async function measure(name: string, apiUrl: string, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '../src/index.ts')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      CUSTOMER_API_URL: apiUrl,
      PORT: String(port),
      HOST,
      LOG_LEVEL: 'info',
      // As in bench/run.ts: callers from loopback, limits that never refuse.
      CALLER_NETWORKS: '127.0.0.0/8',
      USER_MAX_IN_FLIGHT: '100000',
      USER_CALLS_PER_MINUTE: '1000000000',
      USER_CALL_BURST: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://${HOST}:${port}`;
  for (;;) {
    const ok = await fetch(`${url}/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await drive(url, Math.min(3000, CALLS)); // warm-up: JIT, pools
  const cpuBefore = cpuOf(child.pid!);
  const seconds = await drive(url, CALLS);
  const cpu = cpuOf(child.pid!) - cpuBefore;
  child.kill('SIGTERM');
  await once(child, 'exit');
  return { name, callsPerSecond: Math.round(CALLS / seconds), cpuMicrosPerCall: Math.round((cpu / CALLS) * 1e6) };
}

async function main(): Promise<void> {
  const api = await startStandInApi();
  let spans = 0;
  const sink = await listen(
    createServer((req, res) => {
      req.on('data', (chunk: Buffer) => void (spans += chunk.toString().split('"spanId"').length - 1));
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    }),
  );
  const metrics = { METRICS_PORT: String(await freePort()) };
  const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url };
  const variants = [
    ['off', {}],
    ['metrics', metrics],
    ['tracing', tracing],
    ['metrics+tracing', { ...metrics, ...tracing }],
  ] as const;
  // Rounds interleave the variants, and the median is reported: a shared machine drifts over minutes.
  const results = new Map<string, Array<{ callsPerSecond: number; cpuMicrosPerCall: number }>>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, env] of variants) {
      const row = await measure(name, api.url, env);
      results.set(name, [...(results.get(name) ?? []), row]);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  process.stdout.write(`${CALLS} calls x ${ROUNDS} rounds, concurrency ${CONCURRENCY}; spans received by the OTLP sink: ${spans}\n`);
  for (const [name, rows] of results) {
    const cps = rows.map((row) => row.callsPerSecond);
    const cpu = rows.map((row) => row.cpuMicrosPerCall);
    process.stdout.write(
      `${name.padEnd(16)} median ${String(median(cps)).padStart(6)} calls/s (${cps.join(', ')})  median ${String(median(cpu)).padStart(4)} µs CPU/call (${cpu.join(', ')})\n`,
    );
  }
  await sink.close();
  await api.close();
}

void main();
