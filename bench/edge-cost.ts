// The /mcp edge's cost per call, alone and repeatable: classifies `calls` bodies of one era's
// tools/call, as the bench's load client sends them, and prints the time per call. For instruction
// counts that the machine's load does not move, run it under callgrind at two call counts and divide the
// difference (`valgrind --tool=callgrind node dist/bench/edge-cost.js 2026 31000`, then 1000).
// `node dist/bench/edge-cost.js [2025|2026] [calls] [edge module of another build]`
import { resolve } from 'node:path';
import { StreamableLoadClient, type McpEra } from './mcp-client';
import { HEADERS, orderId, TOOL } from './context';

type EdgeFn = (body: unknown, headers: Record<string, string>) => { kind: string };

function main(): void {
  const [eraArg = '2026', callsArg = '100000', modulePath] = process.argv.slice(2);
  const era: McpEra = eraArg === '2025' ? '2025' : '2026';
  const calls = Number(callsArg);
  // Another build's edge (its dist/src/mcp/streamable/edge.js) measures "before" in the same way.
  const { edge } = require(modulePath === undefined ? '../src/mcp/streamable/edge' : resolve(modulePath)) as { edge: EdgeFn };
  const client = new StreamableLoadClient('http://127.0.0.1:9', { era, connections: 1, headers: HEADERS, timeoutMs: 1000 });
  // The bodies as the server sees them, parsed from the text a client of this era sends (edge never changes them).
  const samples = Array.from({ length: 1000 }, (_, n) => client.request(n + 1, TOOL, { orderId: orderId(n) }));
  const bodies = samples.map((sample) => JSON.parse(sample.body) as unknown);
  const headers = samples[0]!.headers;
  const started = process.hrtime.bigint();
  for (let n = 0; n < calls; n++) {
    if (edge(bodies[n % bodies.length], headers).kind !== 'request') throw new Error(`not classified as a request: ${samples[n % bodies.length]!.body}`);
  }
  const ns = Number(process.hrtime.bigint() - started) / calls;
  process.stdout.write(`edge, ${era} era: ${calls} calls, ${(ns / 1000).toFixed(2)} µs per call\n`);
  void client.close();
}

main();
