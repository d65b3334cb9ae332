// Output of the benchmark: the side-by-side table with ratios and target marks, and the JSON file of figures.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { dirname } from 'node:path';
import { totalErrors, type ErrorCounts, type LoadStats } from './load';

/** One timed round against one target (a server, or the API directly for the floor). */
export interface Round {
  readonly target: 'ours' | 'baseline' | 'floor';
  readonly concurrent: LoadStats;
  readonly oneAtATime: LoadStats;
  /** Server CPU (user + system) per call during the concurrent phase; absent for the floor. */
  readonly cpuUsPerCall?: number;
}

/** The rounds of one target averaged, plus its idle-session memory. */
export interface Summary {
  readonly rounds: number;
  readonly callsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly oneAtATimeP50Ms: number;
  readonly cpuUsPerCall?: number;
  /** KiB of RSS per idle SSE session, keyed by the number of sessions held open. */
  readonly memoryKbPerSession: Record<string, number>;
  readonly errors: ErrorCounts;
}

export interface MachineInfo {
  readonly cpuModel: string;
  readonly cores: number;
  readonly node: string;
  readonly os: string;
  readonly memoryMb: number;
  /** 1-minute load average when the run started: above ~0.5 on an idle machine means others were busy. */
  readonly loadAverageAtStart: number;
}

export function machineInfo(): MachineInfo {
  const cores = cpus();
  return {
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    cores: cores.length,
    node: process.version,
    os: `${process.platform} ${release()}`,
    memoryMb: Math.round(totalmem() / 2 ** 20),
    loadAverageAtStart: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
}

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

export function summarise(rounds: Round[], memoryKbPerSession: Record<string, number>, extraErrors: ErrorCounts): Summary {
  const errors = { ...extraErrors };
  for (const round of rounds) {
    for (const stats of [round.concurrent, round.oneAtATime]) {
      for (const [kind, count] of Object.entries(stats.errors)) errors[kind as keyof ErrorCounts] += count;
    }
  }
  const cpu = rounds.flatMap((r) => (r.cpuUsPerCall === undefined ? [] : [r.cpuUsPerCall]));
  return {
    rounds: rounds.length,
    callsPerSecond: mean(rounds.map((r) => r.concurrent.callsPerSecond)),
    p50Ms: mean(rounds.map((r) => r.concurrent.p50Ms)),
    p99Ms: mean(rounds.map((r) => r.concurrent.p99Ms)),
    oneAtATimeP50Ms: mean(rounds.map((r) => r.oneAtATime.p50Ms)),
    ...(cpu.length > 0 ? { cpuUsPerCall: mean(cpu) } : {}),
    memoryKbPerSession,
    errors,
  };
}

export interface Target {
  readonly name: string;
  readonly goal: string;
  readonly value: number;
  readonly pass: boolean;
}

/** The targets, evaluated on this run's figures. */
export function evaluateTargets(ours: Summary, baseline: Summary, floor: Summary): Target[] {
  const targets: Target[] = [
    {
      name: 'calls/s, ours ÷ baseline',
      goal: '≥ 1.5',
      value: ours.callsPerSecond / baseline.callsPerSecond,
      pass: ours.callsPerSecond >= 1.5 * baseline.callsPerSecond,
    },
  ];
  for (const [sessions, kb] of Object.entries(ours.memoryKbPerSession)) {
    const ratio = kb / (baseline.memoryKbPerSession[sessions] ?? Number.NaN);
    targets.push({ name: `memory per idle session @${sessions}, ours ÷ baseline`, goal: '≤ 0.5', value: ratio, pass: ratio <= 0.5 });
  }
  const added = ours.oneAtATimeP50Ms - floor.oneAtATimeP50Ms;
  targets.push({ name: 'added over floor, p50 one at a time (ms)', goal: '≤ 0.5', value: added, pass: added <= 0.5 });
  const errors = totalErrors(ours.errors);
  targets.push({ name: 'errors (ours)', goal: '= 0', value: errors, pass: errors === 0 });
  return targets;
}

function fmt(value: number | undefined, digits = 2): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toFixed(digits);
}

const mark = (target: Target | undefined): string => (target ? `${target.goal} ${target.pass ? '✓' : '✗'}` : '');

/** The side-by-side table, one metric per row. */
export function formatTable(ours: Summary, baseline: Summary, floor: Summary, targets: Target[]): string {
  const find = (prefix: string): Target | undefined => targets.find((t) => t.name.startsWith(prefix));
  const rows: string[][] = [['metric', 'ours', 'baseline', 'floor', 'ours÷base', 'ours÷floor', 'target']];
  const add = (metric: string, o?: number, b?: number, f?: number, target?: Target, digits = 2): void => {
    const ratio = (x?: number, y?: number): number | undefined => (x === undefined || y === undefined ? undefined : x / y);
    rows.push([metric, fmt(o, digits), fmt(b, digits), fmt(f, digits), fmt(ratio(o, b)), fmt(ratio(o, f)), mark(target)]);
  };
  add('calls/s (32 concurrent, 16 sessions)', ours.callsPerSecond, baseline.callsPerSecond, floor.callsPerSecond, find('calls/s'), 0);
  add('p50 latency at 32 concurrent (ms)', ours.p50Ms, baseline.p50Ms, floor.p50Ms);
  add('p99 latency at 32 concurrent (ms)', ours.p99Ms, baseline.p99Ms, floor.p99Ms);
  add('p50 latency, one at a time (ms)', ours.oneAtATimeP50Ms, baseline.oneAtATimeP50Ms, floor.oneAtATimeP50Ms);
  const addedOurs = ours.oneAtATimeP50Ms - floor.oneAtATimeP50Ms;
  const addedBase = baseline.oneAtATimeP50Ms - floor.oneAtATimeP50Ms;
  rows.push(['added over floor, p50 one at a time (ms)', fmt(addedOurs, 3), fmt(addedBase, 3), '0', fmt(addedOurs / addedBase), '', mark(find('added'))]);
  add('server CPU per call (µs)', ours.cpuUsPerCall, baseline.cpuUsPerCall, undefined, undefined, 0);
  for (const sessions of Object.keys(ours.memoryKbPerSession)) {
    const target = find(`memory per idle session @${sessions}`);
    add(`memory per idle session @${sessions} (KiB)`, ours.memoryKbPerSession[sessions], baseline.memoryKbPerSession[sessions], undefined, target, 1);
  }
  rows.push(['errors', String(totalErrors(ours.errors)), String(totalErrors(baseline.errors)), String(totalErrors(floor.errors)), '', '', mark(find('errors'))]);

  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => [...(row[col] ?? '')].length))) ?? [];
  const line = (row: string[]): string =>
    row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

export interface Results {
  readonly generatedAt: string;
  readonly mode: 'full' | 'quick';
  readonly machine: MachineInfo;
  readonly settings: Record<string, unknown>;
  readonly ours: Summary;
  readonly baseline: Summary;
  readonly floor: Summary;
  readonly ratios: Record<string, number>;
  readonly targets: Target[];
  readonly rounds: Round[];
  /** Routed calls and WORKERS (bench/scale.ts); absent with --skip-scale. */
  readonly scale?: unknown;
}

export function writeResults(file: string, results: Results): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
