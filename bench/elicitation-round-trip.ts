// Measures a question to the user on 2025-era /mcp: tools/call → elicitation/create on
// the POST's stream → the answer POSTed on a connection of its own → the result. Once with one process,
// once with WORKERS=2, where the primary hands each new connection to the next worker, so about every
// second answer reaches the other worker and is routed over the cluster bus.
// Run: npm run build && node dist/bench/elicitation-round-trip.js [rounds]
import cluster from 'node:cluster';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { runPrimary } from '../src/cluster';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { createToolServer } from '../src/server';
import { sessionBusFromConfig } from '../src/session-bus';
import { defineTool } from '../src/tools';

const asks = defineTool({
  name: 'asks',
  description: 'Asks the user one question.',
  input: {},
  handler: async (_input, ctx) => {
    const answer = await ctx.elicit({ message: 'Which organisation?', schema: { type: 'object', properties: { org: { type: 'string' } } } });
    return answer.action === 'accept' ? `org=${String(answer.content.org)}` : answer.action;
  },
});

async function serve(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: 'warn' });
  if (cluster.isPrimary && config.workers > 1) return runPrimary({ config, logger });
  const server = createToolServer({ config, customerApiUrl: 'http://127.0.0.1:9', logger, tools: [asks], info: { name: 'elicitation-bench', version: '0' }, ...sessionBusFromConfig(config, logger) });
  await server.listen();
  process.stdout.write('listening\n');
  process.on('SIGTERM', () => void server.shutdown().then(() => process.exit(0)));
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: 'Bearer bench-user' };

/** One round trip; resolves with its duration in ms. */
function roundTrip(port: number, id: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const call = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent: false, headers: HEADERS }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const question = /"id":"(srv-[^"]+)","method":"elicitation\/create"/.exec(buffer);
        if (question && !buffer.includes('answered')) {
          buffer += 'answered';
          const answer = request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', agent: false, headers: HEADERS }, (r) => r.resume());
          answer.on('error', reject);
          answer.end(JSON.stringify({ jsonrpc: '2.0', id: question[1], result: { action: 'accept', content: { org: 'acme' } } }));
        }
      });
      res.on('end', () => (buffer.includes('org=acme') ? resolve(performance.now() - started) : reject(new Error(`no result: ${buffer.slice(0, 300)}`))));
    });
    call.on('error', reject);
    call.end(JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'asks', arguments: {} } }));
  });
}

async function measure(workers: number, rounds: number): Promise<number[]> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [__filename, '--serve'], { env: { PATH: process.env.PATH, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', WORKERS: String(workers), USER_MAX_IN_FLIGHT: '0', USER_CALLS_PER_MINUTE: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    let ready = 0;
    await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => (ready += chunk.toString().split('listening').length - 1) >= workers && resolve()));
    for (let i = 0; i < 20; i++) await roundTrip(port, i); // warm-up
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) times.push(await roundTrip(port, 100 + i));
    return times.sort((a, b) => a - b);
  } finally {
    child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const rounds = Number(process.argv[2] ?? 200);
  const at = (times: number[], q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  for (const workers of [1, 2]) {
    const times = await measure(workers, rounds);
    process.stdout.write(`elicitation round trip, WORKERS=${workers}: p50 ${at(times, 0.5)} ms, p90 ${at(times, 0.9)} ms, p99 ${at(times, 0.99)} ms over ${rounds}\n`);
  }
}

if (process.argv.includes('--serve')) void serve();
else void main();
