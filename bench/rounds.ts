// One measured round against one target (warm-up, a concurrent run with the server's CPU read around
// it, optionally a one-at-a-time run), the A B B A order that makes drift hit every target alike, and
// the median of a target's rounds.
import { closedLoop, noErrors, type CallResult, type ErrorCounts, type LoadStats } from './load';
import { readCpuMs } from './measure';

/** Calls once for worker `worker`, the `n`th call of the run. */
export type CallOnce = (worker: number, n: number) => Promise<CallResult>;

export interface Timing {
  /** Untimed load at the start of the round. */
  readonly warmupMs: number;
  readonly concurrentMs: number;
  readonly concurrency: number;
  /** 0 skips the one-at-a-time run. */
  readonly oneAtATimeMs: number;
}

export interface Round {
  readonly target: string;
  readonly concurrency: number;
  readonly concurrent: LoadStats;
  readonly oneAtATime?: LoadStats;
  /** Server CPU (user + system) per call in the concurrent run; absent when no server pid is given. */
  readonly cpuUsPerCall?: number;
}

/** Runs one round; `pid` is the server process whose CPU is charged to the calls. */
export async function measureRound(target: string, call: CallOnce, t: Timing, pid?: number): Promise<Round> {
  if (t.warmupMs > 0) await closedLoop(t.concurrency, t.warmupMs, call);
  const cpuBefore = pid === undefined ? 0 : readCpuMs(pid);
  const concurrent = await closedLoop(t.concurrency, t.concurrentMs, call);
  const cpuMs = pid === undefined ? undefined : readCpuMs(pid) - cpuBefore;
  const oneAtATime = t.oneAtATimeMs > 0 ? await closedLoop(1, t.oneAtATimeMs, call) : undefined;
  return {
    target,
    concurrency: t.concurrency,
    concurrent,
    ...(oneAtATime ? { oneAtATime } : {}),
    ...(cpuMs === undefined ? {} : { cpuUsPerCall: (cpuMs * 1000) / Math.max(1, concurrent.calls) }),
  };
}

/**
 * A B C → A B C C B A: each target's rounds sit symmetrically around the middle of the run. With `passes`
 * > 1 the mirrored pass is repeated: more rounds per target, for figures on a machine whose speed drifts.
 */
export function abba<T>(targets: readonly T[], passes = 1): T[] {
  const pass = [...targets, ...[...targets].reverse()];
  return Array.from({ length: passes }, () => pass).flat();
}

/**
 * The rounds of one target, each figure the median over its rounds (with two rounds, their mean). A
 * minute in which the machine slowed (its neighbours' doing) makes one round an outlier, always a slow
 * one: a mean carried it into the ratios whole.
 */
export interface Summary {
  readonly rounds: number;
  readonly callsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly oneAtATimeP50Ms?: number;
  readonly cpuUsPerCall?: number;
  readonly errors: ErrorCounts;
}

/** The middle value, or the mean of the two middle ones; NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function addErrors(into: ErrorCounts, from: ErrorCounts): ErrorCounts {
  for (const [kind, count] of Object.entries(from)) into[kind as keyof ErrorCounts] += count;
  return into;
}

export function summarise(rounds: readonly Round[], extraErrors: ErrorCounts = noErrors()): Summary {
  const errors = { ...extraErrors };
  for (const round of rounds) {
    addErrors(errors, round.concurrent.errors);
    if (round.oneAtATime) addErrors(errors, round.oneAtATime.errors);
  }
  const single = rounds.flatMap((r) => (r.oneAtATime ? [r.oneAtATime.p50Ms] : []));
  const cpu = rounds.flatMap((r) => (r.cpuUsPerCall === undefined ? [] : [r.cpuUsPerCall]));
  return {
    rounds: rounds.length,
    callsPerSecond: median(rounds.map((r) => r.concurrent.callsPerSecond)),
    p50Ms: median(rounds.map((r) => r.concurrent.p50Ms)),
    p99Ms: median(rounds.map((r) => r.concurrent.p99Ms)),
    ...(single.length > 0 ? { oneAtATimeP50Ms: median(single) } : {}),
    ...(cpu.length > 0 ? { cpuUsPerCall: median(cpu) } : {}),
    errors,
  };
}

/** Summaries keyed by target, from rounds of several targets (optionally only those at one concurrency). */
export function summariseBy(rounds: readonly Round[], concurrency?: number): Record<string, Summary> {
  const byTarget = new Map<string, Round[]>();
  for (const round of rounds) {
    if (concurrency !== undefined && round.concurrency !== concurrency) continue;
    byTarget.set(round.target, [...(byTarget.get(round.target) ?? []), round]);
  }
  return Object.fromEntries([...byTarget].map(([target, list]) => [target, summarise(list)]));
}
