// A quick CPU probe for performance work (not part of `npm run bench`): ours and the limit against the
// same stand-in API and the same client, in alternating rounds, on one lane; prints server CPU per call
// and calls/s, and the ratios to the limit. `node dist/bench/probe.js [sse|mcp] [rounds] [seconds]`.
// PROBE_NODE_FLAGS passes node flags to ours only (e.g. "--cpu-prof --cpu-prof-dir=prof"); the profile is
// written when ours exits at the end of the probe. PROBE_LIMIT_FLAGS does the same for the limit.
import { OURS_ENV, SCRIPTS } from './context';
import { killAll, startServer } from './processes';
import { measureRound, summarise, type Round } from './rounds';
import { withMcpCalls, withSseCalls } from './targets';

async function main(): Promise<void> {
  const [laneArg = 'sse', roundsArg = '4', secondsArg = '3'] = process.argv.slice(2);
  const lane = laneArg === 'mcp' ? 'mcp' : 'sse';
  const flags = (process.env.PROBE_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  const api = await startServer('stand-in API', SCRIPTS.api);
  const ours = await startServer('ours', process.env.PROBE_OURS ?? 'dist/src/index.js', { ...OURS_ENV, CUSTOMER_API_URL: api.url }, 15_000, flags);
  const limitFlags = (process.env.PROBE_LIMIT_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  const limit = await startServer('limit', SCRIPTS.limit, { CUSTOMER_API_URL: api.url }, 15_000, limitFlags);
  const timing = { warmupMs: 500, concurrentMs: Number(secondsArg) * 1000, concurrency: 32, oneAtATimeMs: 0 };
  const rounds: Round[] = [];
  try {
    // Round -1 is a warm-up for the JIT of both servers, not counted.
    for (let round = -1; round < Number(roundsArg); round += 1) {
      for (const server of round % 2 === 0 ? [ours, limit] : [limit, ours]) {
        const measured =
          lane === 'sse'
            ? await withSseCalls(server.url, 16, 32, 10_000, (call) => measureRound(server.name, call, timing, server.pid))
            : await withMcpCalls(server.url, '2025', 32, 10_000, (call) => measureRound(server.name, call, timing, server.pid));
        if (round >= 0) rounds.push(measured);
        process.stderr.write(`${server.name}: ${measured.cpuUsPerCall?.toFixed(0)} µs/call, ${measured.concurrent.callsPerSecond.toFixed(0)} calls/s\n`);
      }
    }
  } finally {
    await Promise.all([ours.stop(), limit.stop()]);
    await api.stop();
  }
  const o = summarise(rounds.filter((r) => r.target === 'ours'));
  const l = summarise(rounds.filter((r) => r.target === 'limit'));
  process.stdout.write(
    `${lane}: ours ${o.cpuUsPerCall?.toFixed(0)} µs/call ${o.callsPerSecond.toFixed(0)} calls/s; ` +
      `limit ${l.cpuUsPerCall?.toFixed(0)} µs/call ${l.callsPerSecond.toFixed(0)} calls/s; ` +
      `cpu ÷ limit ${((o.cpuUsPerCall ?? 0) / (l.cpuUsPerCall ?? 1)).toFixed(2)}, calls/s ÷ limit ${(o.callsPerSecond / l.callsPerSecond).toFixed(2)}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  killAll();
  process.exitCode = 1;
});
