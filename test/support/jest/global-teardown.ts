// After the last test file: a process a test started that is still running fails the run,
// named by its command, and is ended. The test environment ends each file's processes, so this finds
// only what escaped it (a process that left its group, or a file that never reached its teardown).
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { groupAlive, killGroup, REGISTRY_VARIABLE } from '../children';

export function leftovers(registryText: string): { pid: number; command: string }[] {
  return registryText
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pid = '', ...command] = line.split('\t');
      return { pid: Number(pid), command: command.join('\t') };
    })
    .filter(({ pid }) => Number.isInteger(pid) && pid > 0 && groupAlive(pid));
}

export default function globalTeardown(): void {
  const registry = process.env[REGISTRY_VARIABLE];
  if (!registry) return;
  const left = leftovers(readFileSync(registry, 'utf8'));
  for (const { pid } of left) killGroup(pid);
  rmSync(dirname(registry), { recursive: true, force: true });
  if (left.length > 0) {
    throw new Error(`processes started by tests were still running after the last test file, and were killed:\n${left.map(({ pid, command }) => `  ${pid}: ${command}`).join('\n')}`);
  }
}
