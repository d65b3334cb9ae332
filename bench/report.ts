// Output of the benchmark: the machine it ran on, targets with their marks, plain-text tables, and the
// JSON file of every figure. The phases build their own rows with these.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { dirname } from 'node:path';

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
    loadAverageAtStart: loadAverage(),
  };
}

/** The 1-minute load average now, rounded. */
export function loadAverage(): number {
  return Number((loadavg()[0] ?? 0).toFixed(2));
}

/** A goal of an issue, evaluated on this run's figures: reported, never failing the run. */
export interface Target {
  readonly name: string;
  readonly goal: string;
  readonly value: number;
  readonly pass: boolean;
}

export function atLeast(name: string, value: number, goal: number): Target {
  return { name, goal: `≥ ${goal}`, value, pass: value >= goal };
}

export function atMost(name: string, value: number, goal: number): Target {
  return { name, goal: `≤ ${goal}`, value, pass: value <= goal };
}

export const mark = (target: Target | undefined): string => (target ? `${target.goal} ${target.pass ? '✓' : '✗'}` : '');

/** x ÷ y, or undefined when either is missing. */
export const ratio = (x?: number, y?: number): number | undefined => (x === undefined || y === undefined ? undefined : x / y);

export function fmt(value: number | undefined, digits = 2): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toFixed(digits);
}

/** Rows as aligned columns: the first row is the header, the first column is left-aligned. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => [...(row[col] ?? '')].length))) ?? [];
  const line = (row: readonly string[]): string =>
    row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col] ?? 0) : cell.padStart(widths[col] ?? 0))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(rows[0] ?? []), rule, ...rows.slice(1).map(line)].join('\n');
}

/** The targets of a phase, one line each, for phases whose table has no target column. */
export function renderTargets(targets: readonly Target[]): string {
  return targets.map((t) => `  ${t.name}: ${fmt(t.value)} (${mark(t)})`).join('\n');
}

export function writeResults(file: string, results: Record<string, unknown>): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}
