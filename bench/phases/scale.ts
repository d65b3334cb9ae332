// Scale-out: a call routed through another replica over Redis beside one on the stream's holder,
// and calls/s with WORKERS=2 beside one process. The measuring is in bench/scale.ts.
import { availableParallelism } from 'node:os';
import { OURS_ENV, HEADERS, TOOL } from '../context';
import { totalErrors } from '../load';
import { atLeast, atMost } from '../report';
import { formatScale, runScalePhases } from '../scale';
import type { Phase } from './phase';

export const scalePhase: Phase = async (ctx) => {
  const { quick, timeoutMs, redisUrl, ours } = ctx.settings;
  const results = await runScalePhases({
    apiUrl: ctx.apiUrl,
    apiPid: ctx.apiPid,
    baseEnv: OURS_ENV,
    script: ours === 'baseline' ? ctx.settings.ours : ours,
    nodeFlags: ctx.settings.nodeFlags,
    redisUrl,
    headers: HEADERS,
    tool: TOOL,
    oneAtATimeMs: quick ? 200 : 2000,
    concurrentMs: quick ? 400 : 3000,
    warmupMs: quick ? 100 : 1000,
    timeoutMs,
    quick,
    progress: (text) => ctx.progress(`scale: ${text}`),
  });
  const targets = [
    ...('skipped' in results.routed ? [] : [atMost('routed call adds at p50 (ms)', results.routed.addedP50Ms, 0.3)]),
    atLeast('calls/s, WORKERS=2 ÷ one process', results.workers.ratio, 1.3),
  ];
  return {
    title: 'Scale-out: a call routed over Redis, and WORKERS=2',
    table: formatScale(results, availableParallelism()),
    figures: { ...results },
    targets,
    errors: totalErrors(results.errors),
  };
};
