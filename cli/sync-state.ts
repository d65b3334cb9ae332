// The mirror's record of what the knowledge base holds (the hub has no listing): filename to content
// hash. Written atomically (temp file + rename) after each synced file, so an interrupted run leaves a
// true record and the next run does only what is left.
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

const stateSchema = z.object({
  version: z.literal(1),
  hubUrl: z.string(),
  kbId: z.string(),
  files: z.record(z.string(), z.object({ sha256: z.string() })),
});

export type SyncState = z.infer<typeof stateSchema>;

/** Default place of the record: a dotfile in the mirrored folder, one per knowledge base. */
export function defaultStatePath(folder: string, kbId: string): string {
  return join(folder, `.kb-sync-${kbId.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
}

export function emptyState(hubUrl: string, kbId: string): SyncState {
  return { version: 1, hubUrl, kbId, files: {} };
}

/** The record, or undefined when there is none yet. A corrupt record is an error, not a fresh start. */
export async function loadState(path: string): Promise<SyncState | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) throw new Error(`the sync record ${path} is not valid; delete it to sync every file again`);
  return parsed.data;
}

export async function saveState(path: string, state: SyncState): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify(state, null, 2)}\n`);
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
