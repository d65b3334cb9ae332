// A quick CPU probe for performance work (not part of `npm run bench`): ours and the limit against the
// same stand-in API and the same client, in alternating rounds, on one lane; prints server CPU per call
// and calls/s, and the ratios to the limit. `node dist/bench/probe.js [sse|mcp] [rounds] [seconds] [in flight]`
// (32 in flight by default, over half as many streams on the SSE lane).
// PROBE_NODE_FLAGS passes node flags to ours only (e.g. "--cpu-prof --cpu-prof-dir=prof"); the profile is
// written when ours exits at the end of the probe. PROBE_LIMIT_FLAGS does the same for the limit.
// A variant measured in the same rounds (a node flag, another build): PROBE_VARIANT_FLAGS and/or
// PROBE_VARIANT (a script; default ours's); several scripts, space-separated, are each measured as
// variant 1, 2, ... PROBE_ERA=2026 makes /mcp calls as a 2026-07-28 client does.
// The first slot (ours) reads 6–10 % slower than the same build as a variant in every A/A run here
// (docs/performance.md): compare variants with each other.
import { OURS_ENV, SCRIPTS } from './context';
import { killAll, startServer, type ChildServer } from './processes';
import { measureRound, summarise, type Round } from './rounds';
import { withMcpCalls, withSseCalls } from './targets';

const flagsOf = (value: string | undefined, byDefault: readonly string[] = []): readonly string[] =>
  value === undefined ? byDefault : value.split(' ').filter((flag) => flag !== '');

async function main(): Promise<void> {
  const [laneArg = 'sse', roundsArg = '4', secondsArg = '3', inFlightArg = '32'] = process.argv.slice(2);
  const inFlight = Number(inFlightArg);
  const lane = laneArg === 'mcp' ? 'mcp' : 'sse';
  const era = process.env.PROBE_ERA === '2026' ? '2026' : '2025';
  const oursScript = process.env.PROBE_OURS ?? 'dist/src/index.js';
  const env = (api: ChildServer) => ({ ...OURS_ENV, CUSTOMER_API_URL: api.url });
  const api = await startServer('stand-in API', SCRIPTS.api);
  const servers = [
    await startServer('ours', oursScript, env(api), 15_000, flagsOf(process.env.PROBE_NODE_FLAGS)),
    await startServer('limit', SCRIPTS.limit, { CUSTOMER_API_URL: api.url }, 15_000, flagsOf(process.env.PROBE_LIMIT_FLAGS)),
  ];
  if (process.env.PROBE_VARIANT !== undefined || process.env.PROBE_VARIANT_FLAGS !== undefined) {
    const scripts = flagsOf(process.env.PROBE_VARIANT, [oursScript]);
    for (const [index, script] of scripts.entries()) {
      const name = scripts.length === 1 ? 'variant' : `variant ${index + 1}`;
      servers.push(await startServer(name, script, env(api), 15_000, flagsOf(process.env.PROBE_VARIANT_FLAGS)));
    }
  }
  const timing = { warmupMs: 500, concurrentMs: Number(secondsArg) * 1000, concurrency: inFlight, oneAtATimeMs: 0 };
  const rounds: Round[] = [];
  try {
    // Round -1 is a warm-up for the JIT of every server, not counted.
    for (let round = -1; round < Number(roundsArg); round += 1) {
      for (const server of round % 2 === 0 ? servers : [...servers].reverse()) {
        const measured =
          lane === 'sse'
            ? await withSseCalls(server.url, Math.max(1, inFlight / 2), inFlight, 10_000, (call) => measureRound(server.name, call, timing, server.pid))
            : await withMcpCalls(server.url, era, inFlight, 10_000, (call) => measureRound(server.name, call, timing, server.pid));
        if (round >= 0) rounds.push(measured);
        process.stderr.write(`${server.name}: ${measured.cpuUsPerCall?.toFixed(0)} µs/call, ${measured.concurrent.callsPerSecond.toFixed(0)} calls/s\n`);
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await api.stop();
  }
  const limit = summarise(rounds.filter((r) => r.target === 'limit'));
  for (const server of servers.filter((s) => s.name !== 'limit')) {
    const s = summarise(rounds.filter((r) => r.target === server.name));
    process.stdout.write(
      `${lane}: ${server.name} ${s.cpuUsPerCall?.toFixed(0)} µs/call ${s.callsPerSecond.toFixed(0)} calls/s; ` +
        `limit ${limit.cpuUsPerCall?.toFixed(0)} µs/call ${limit.callsPerSecond.toFixed(0)} calls/s; ` +
        `cpu ÷ limit ${((s.cpuUsPerCall ?? 0) / (limit.cpuUsPerCall ?? 1)).toFixed(2)}, calls/s ÷ limit ${(s.callsPerSecond / limit.callsPerSecond).toFixed(2)}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  killAll();
  process.exitCode = 1;
});
