// Process statistics for the benchmark, read from /proc: resident memory (VmRSS) and CPU time (utime+stime).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resident set size of a process, in KiB (VmRSS in /proc/<pid>/status). */
export function readRssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]);
}

let clockTicks: number | undefined;
/** Clock ticks per second for /proc/<pid>/stat (almost always 100). */
function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

/** User + system CPU time a process has used so far, in milliseconds (/proc/<pid>/stat fields 14 and 15). */
export function readCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may contain spaces; the fixed fields start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerSecond();
}

/** CPU of a process and its children (a cluster's primary and workers), in milliseconds. */
export function readTreeCpuMs(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no children file (a kernel without it): the process alone
  }
  return children.reduce((sum, child) => sum + readCpuMs(child), readCpuMs(pid));
}

export interface SettleOptions {
  /** Pause after each GC request before reading RSS. */
  readonly intervalMs: number;
  /** Stop once two readings in a row differ by less than this. */
  readonly toleranceKb: number;
  /** Upper bound on GC requests. */
  readonly maxRounds: number;
}

/**
 * Asks the process to collect garbage (SIGUSR2, handled by bench/gc-on-signal) until its RSS stops
 * moving, and returns the last reading. Both servers run with the same preload, so they settle alike.
 */
export async function settledRssKb(
  pid: number,
  { intervalMs = 250, toleranceKb = 256, maxRounds = 12 }: Partial<SettleOptions> = {},
): Promise<number> {
  let previous = readRssKb(pid);
  for (let round = 0; round < maxRounds; round += 1) {
    process.kill(pid, 'SIGUSR2');
    await sleep(intervalMs);
    const current = readRssKb(pid);
    if (Math.abs(current - previous) < toleranceKb) return current;
    previous = current;
  }
  return previous;
}
