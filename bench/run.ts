// `npm run bench`: starts the stand-in API, our server and the SDK-pattern baseline as child processes,
// runs interleaved rounds (floor, A B B A, floor) and idle-session memory checks, prints the table, writes JSON.
import { existsSync } from 'node:fs';
import { Agent } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { closedLoop, DirectApiClient, McpLoadClient, noErrors, totalErrors, type ErrorCounts } from './load';
import { readCpuMs, settledRssKb } from './measure';
import { killAll, startServer, type ChildServer } from './processes';
import { openSessions } from './sse-session';
import { evaluateTargets, formatTable, machineInfo, summarise, writeResults, type Round } from './report';

const ROOT = resolve(__dirname, '..', '..');
const SCRIPTS = {
  api: join(__dirname, 'stand-in-api.js'),
  baseline: join(__dirname, 'baseline-server.js'),
  ours: join(ROOT, 'dist', 'src', 'index.js'),
};
/** Sent on every POST and direct GET; the servers forward it, the stand-in API requires one. */
const HEADERS = { authorization: 'Bearer bench-token-not-a-secret' };
const TOOL = 'get_order';

const USAGE = `Usage: npm run bench -- [options]
  --quick              smoke mode: short rounds, ${200} idle sessions (a few seconds; for CI)
  --ours <file|baseline>
                       script run as "ours" (default dist/src/index.js); "baseline" runs the
                       baseline in both slots, to check the bench itself
  --duration <s>       length of each concurrent round in seconds (default 5; quick 0.4)
  --idle <n,n>         idle-session counts for the memory check (default 1000,5000; quick 200)
  --out <file>         where to write the JSON (default bench/results/latest.json; quick: quick.json)
  --help               this text`;

interface Settings {
  readonly quick: boolean;
  /** Untimed load on each target before the first measured round. */
  readonly firstWarmupMs: number;
  /** Untimed load at the start of every round. */
  readonly warmupMs: number;
  readonly concurrentMs: number;
  readonly oneAtATimeMs: number;
  readonly concurrency: number;
  readonly sessions: number;
  readonly idleCounts: number[];
  readonly timeoutMs: number;
  readonly oursScript: string;
  readonly out: string;
}

function parseSettings(argv: string[]): Settings {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      ours: { type: 'string' },
      duration: { type: 'string' },
      idle: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const quick = values.quick === true;
  const concurrentMs = values.duration === undefined ? (quick ? 400 : 5000) : Number(values.duration) * 1000;
  const idleCounts = (values.idle ?? (quick ? '200' : '1000,5000')).split(',').map(Number);
  if (!(concurrentMs > 0) || idleCounts.some((n) => !Number.isInteger(n) || n <= 0 || n > 15_000)) {
    throw new Error(`bad --duration or --idle\n${USAGE}`);
  }
  const ours = values.ours === undefined ? SCRIPTS.ours : values.ours === 'baseline' ? SCRIPTS.baseline : resolve(values.ours);
  return {
    quick,
    firstWarmupMs: quick ? 300 : 3000,
    warmupMs: quick ? 100 : 1000,
    concurrentMs,
    oneAtATimeMs: quick ? 200 : 2000,
    concurrency: 32,
    sessions: 16,
    idleCounts,
    timeoutMs: quick ? 5000 : 10_000,
    oursScript: ours,
    out: resolve(values.out ?? join(ROOT, 'bench', 'results', quick ? 'quick.json' : 'latest.json')),
  };
}

const t0 = Date.now();
const progress = (text: string): boolean =>
  process.stderr.write(`bench ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s: ${text}\n`);
const orderId = (n: number): string => `ord_${n % 1000}`;

/** Floor round: the tool's upstream GET straight to the API, same concurrency, same client library. */
async function floorRound(apiUrl: string, s: Settings): Promise<Round> {
  const client = new DirectApiClient(apiUrl, s.concurrency, HEADERS);
  try {
    await closedLoop(s.concurrency, s.warmupMs, (_w, n) => client.getOrder(orderId(n)));
    const concurrent = await closedLoop(s.concurrency, s.concurrentMs, (_w, n) => client.getOrder(orderId(n)));
    const oneAtATime = await closedLoop(1, s.oneAtATimeMs, (_w, n) => client.getOrder(orderId(n)));
    return { target: 'floor', concurrent, oneAtATime };
  } finally {
    await client.close();
  }
}

/** Server round: 16 initialised sessions, warm-up, 32 concurrent tools/call, then one at a time. */
async function serverRound(target: 'ours' | 'baseline', server: ChildServer, s: Settings): Promise<Round> {
  const client = await McpLoadClient.connect(server.url, {
    sessions: s.sessions,
    connections: s.concurrency,
    headers: HEADERS,
    timeoutMs: s.timeoutMs,
  });
  try {
    const call = (worker: number, n: number) => client.callTool(worker, TOOL, { orderId: orderId(n) });
    await closedLoop(s.concurrency, s.warmupMs, call);
    const cpuBefore = readCpuMs(server.pid);
    const concurrent = await closedLoop(s.concurrency, s.concurrentMs, call);
    const cpuUsPerCall = ((readCpuMs(server.pid) - cpuBefore) * 1000) / Math.max(1, concurrent.calls);
    const oneAtATime = await closedLoop(1, s.oneAtATimeMs, call);
    return { target, concurrent, oneAtATime, cpuUsPerCall };
  } finally {
    await client.close();
  }
}

/** Memory per idle session: a fresh server, settled RSS before and after opening `count` SSE streams. */
async function idleMemory(
  name: string,
  script: string,
  env: Record<string, string>,
  count: number,
  errors: ErrorCounts,
): Promise<number> {
  const server = await startServer(`${name} (idle ${count})`, script, env);
  const agent = new Agent({ keepAlive: true, maxSockets: count + 16 });
  try {
    const before = await settledRssKb(server.pid);
    const sessions = await openSessions(server.url, agent, count).catch((error: unknown) => {
      progress(`${name}: opening ${count} sessions failed: ${String(error)}`);
      errors.network += 1;
      return undefined;
    });
    if (!sessions) return Number.NaN;
    const after = await settledRssKb(server.pid);
    for (const session of sessions) session.close();
    return (after - before) / count;
  } finally {
    agent.destroy();
    await server.stop();
  }
}

async function main(): Promise<number> {
  const s = parseSettings(process.argv.slice(2));
  if (!existsSync(s.oursScript)) {
    throw new Error(`no script at ${s.oursScript}: build with "npm run build", or pass --ours baseline`);
  }
  const started = Date.now();
  const machine = machineInfo();
  const api = await startServer('stand-in API', SCRIPTS.api);
  // One synthetic user makes every call: the per-user limits stay on (their cost is measured) but high enough never to refuse.
  const env = {
    CUSTOMER_API_URL: api.url,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    // Production requires caller authentication: the loopback network, so the door's check is in the cost measured.
    CALLER_NETWORKS: '127.0.0.0/8',
    USER_MAX_IN_FLIGHT: '100000',
    USER_CALLS_PER_MINUTE: '1000000000',
    USER_CALL_BURST: '100000',
  };
  const scripts = { ours: s.oursScript, baseline: SCRIPTS.baseline };
  const servers = {
    ours: await startServer('ours', scripts.ours, env),
    baseline: await startServer('baseline', scripts.baseline, env),
  };

  // Untimed first pass over every target: the JIT of all four processes (the bench's own included)
  // warms up here, not in whichever measured round happens to come first.
  const warmUp = { ...s, warmupMs: 0, concurrentMs: s.firstWarmupMs, oneAtATimeMs: s.firstWarmupMs / 4 };
  progress('warm-up: floor, ours, baseline');
  await floorRound(api.url, warmUp);
  await serverRound('ours', servers.ours, warmUp);
  await serverRound('baseline', servers.baseline, warmUp);

  const rounds: Round[] = [];
  // Interleaved so that drift (thermal, noisy neighbours) hits both servers alike: F A B B A F.
  const order = ['floor', 'ours', 'baseline', 'baseline', 'ours', 'floor'] as const;
  for (const target of order) {
    progress(`round ${rounds.length + 1}/${order.length}: ${target}`);
    rounds.push(target === 'floor' ? await floorRound(api.url, s) : await serverRound(target, servers[target], s));
  }
  await Promise.all([servers.ours.stop(), servers.baseline.stop()]);

  const memory = { ours: {} as Record<string, number>, baseline: {} as Record<string, number> };
  const memoryErrors = { ours: noErrors(), baseline: noErrors() };
  for (const [i, count] of s.idleCounts.entries()) {
    const pair = i % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
    for (const name of pair) {
      progress(`memory: ${name}, ${count} idle sessions on a fresh process`);
      memory[name][count] = await idleMemory(name, scripts[name], env, count, memoryErrors[name]);
    }
  }
  await api.stop();

  const pick = (target: Round['target']): Round[] => rounds.filter((r) => r.target === target);
  const ours = summarise(pick('ours'), memory.ours, memoryErrors.ours);
  const baseline = summarise(pick('baseline'), memory.baseline, memoryErrors.baseline);
  const floor = summarise(pick('floor'), {}, noErrors());
  const targets = evaluateTargets(ours, baseline, floor);

  process.stdout.write(
    `\n${formatTable(ours, baseline, floor, targets)}\n\n` +
      `${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverageAtStart} at start; ${s.quick ? 'quick' : 'full'} run in ${((Date.now() - started) / 1000).toFixed(0)} s` +
      `${s.oursScript === SCRIPTS.baseline ? '; "ours" is the baseline (--ours baseline)' : ''}\n`,
  );
  const ratios = {
    callsPerSecondOursToBaseline: ours.callsPerSecond / baseline.callsPerSecond,
    callsPerSecondOursToFloor: ours.callsPerSecond / floor.callsPerSecond,
    p50OursToBaseline: ours.p50Ms / baseline.p50Ms,
    p99OursToBaseline: ours.p99Ms / baseline.p99Ms,
    oneAtATimeP50OursToBaseline: ours.oneAtATimeP50Ms / baseline.oneAtATimeP50Ms,
    oneAtATimeP50OursToFloor: ours.oneAtATimeP50Ms / floor.oneAtATimeP50Ms,
    ...Object.fromEntries(
      s.idleCounts.map((n) => [`memoryPerSession${n}OursToBaseline`, (memory.ours[n] ?? NaN) / (memory.baseline[n] ?? NaN)]),
    ),
  };
  writeResults(s.out, {
    generatedAt: new Date().toISOString(),
    mode: s.quick ? 'quick' : 'full',
    machine,
    settings: { ...s, oursScript: relative(ROOT, s.oursScript), out: relative(ROOT, s.out) },
    ours,
    baseline,
    floor,
    ratios,
    targets,
    rounds,
  });
  progress(`figures written to ${s.out}`);

  const errors = totalErrors(ours.errors) + totalErrors(baseline.errors) + totalErrors(floor.errors);
  if (errors > 0) progress(`${errors} call(s) failed: see "errors" in the JSON`);
  return errors > 0 ? 1 : 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(killAll);
