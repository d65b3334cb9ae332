// `npm run bench`: starts the stand-in API, runs the chosen phases in order (each a function in
// bench/phases/, starting the servers it measures as child processes), prints each phase's table as it
// ends, and writes every figure to JSON. Fails only when a server does not start or a call fails.
// A new phase is one file in bench/phases/ and one line in PHASES.
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { createContext, SCRIPTS } from './context';
import { comparePhase } from './phases/compare';
import { instructionsPhase } from './phases/instructions';
import { pairedPhase } from './phases/paired';
import { mcpPhase } from './phases/mcp';
import { oauthPhase } from './phases/oauth';
import type { Phase, PhaseResult } from './phases/phase';
import { scalePhase } from './phases/scale';
import { searchPhase } from './phases/search';
import { slowPhase } from './phases/slow';
import { ssePhase } from './phases/sse';
import { sweepPhase } from './phases/sweep';
import { tasksPhase } from './phases/tasks';
import { killAll, startServer } from './processes';
import { loadAverage, machineInfo, writeResults } from './report';
import { parseSettings, ROOT, usage } from './settings';

/** Every phase, in the order they run by default. */
const PHASES: Record<string, Phase> = {
  sse: ssePhase,
  mcp: mcpPhase,
  oauth: oauthPhase,
  sweep: sweepPhase('sse'),
  slow: slowPhase('sse'),
  scale: scalePhase,
  search: searchPhase,
};
/** Known but off unless named in --phases (they would push a full run past its time budget). */
const OPTIONAL_PHASES: Record<string, Phase> = {
  compare: comparePhase,
  'sweep-mcp': sweepPhase('mcp'),
  'slow-mcp': slowPhase('mcp'),
  tasks: tasksPhase,
  instructions: instructionsPhase,
  paired: pairedPhase(false),
  'paired-sse': pairedPhase(true),
};

const t0 = Date.now();
const progress = (text: string): void => {
  process.stderr.write(`bench ${((Date.now() - t0) / 1000).toFixed(1).padStart(5)} s: ${text}\n`);
};

async function main(): Promise<number> {
  const settings = parseSettings(process.argv.slice(2), Object.keys(PHASES), Object.keys(OPTIONAL_PHASES));
  if (settings === 'help') {
    process.stdout.write(`${usage(Object.keys(PHASES), Object.keys(OPTIONAL_PHASES))}\n`);
    return 0;
  }
  if (settings.ours !== 'baseline' && !existsSync(settings.ours)) {
    throw new Error(`no script at ${settings.ours}: build with "npm run build", or pass --ours baseline`);
  }
  const machine = machineInfo();
  const api = await startServer('stand-in API', SCRIPTS.api);
  const ctx = createContext(settings, api.url, progress, api.pid);
  const results: Record<string, PhaseResult & { loadAverageAtEnd: number; seconds: number }> = {};
  let errors = 0;
  try {
    for (const name of settings.phases) {
      const phase = PHASES[name] ?? OPTIONAL_PHASES[name];
      if (!phase) continue;
      const started = Date.now();
      const result = await phase(ctx);
      results[name] = { ...result, loadAverageAtEnd: loadAverage(), seconds: (Date.now() - started) / 1000 };
      errors += result.errors;
      process.stdout.write(`\n${result.title}\n${result.table}\n`);
    }
  } finally {
    await ctx.stopAll();
    await api.stop();
  }

  const seconds = (Date.now() - t0) / 1000;
  const loads = Object.values(results).map((r) => r.loadAverageAtEnd);
  process.stdout.write(
    `\n${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}; load average ${machine.loadAverageAtStart} at start, ` +
      `${loads.join(' / ')} after each phase; ${settings.quick ? 'quick' : 'full'} run in ${seconds.toFixed(0)} s` +
      `${settings.ours === 'baseline' ? '; "ours" is each lane\'s baseline (--ours baseline)' : ''}\n`,
  );
  writeResults(settings.out, {
    generatedAt: new Date().toISOString(),
    mode: settings.quick ? 'quick' : 'full',
    seconds,
    machine,
    settings: { ...settings, ours: settings.ours === 'baseline' ? 'baseline' : relative(ROOT, settings.ours), out: relative(ROOT, settings.out) },
    phases: results,
  });
  progress(`figures written to ${settings.out}`);
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
