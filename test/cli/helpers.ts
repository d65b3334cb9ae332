// Test helpers for the kb CLI: captured output and a temporary folder per test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Captured {
  stream: { write(text: string): boolean };
  lines(): string[];
  text(): string;
}

export function capture(): Captured {
  let text = '';
  return {
    stream: { write: (chunk: string) => ((text += chunk), true) },
    lines: () => text.split('\n').filter((l) => l !== ''),
    text: () => text,
  };
}

export async function tempFolder(): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'kb-cli-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}
