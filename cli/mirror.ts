// `kb mirror`: keeps a knowledge base in step with a folder. New files are added, changed ones
// replaced, deleted ones removed, unchanged ones not sent; the record is saved after every file.
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { HubFilenameTooLongError, MAX_FILENAME_LENGTH, type HubClient } from '../src/hub';
import { contentTypeOf } from './content-type';
import { defaultStatePath, emptyState, loadState, saveState } from './sync-state';

export interface MirrorOptions {
  kbId: string;
  folder: string;
  statePath: string | undefined;
  hubUrl: string;
  hub: Pick<HubClient, 'syncKnowledge'>;
  print: (line: string) => void;
}

interface LocalFile {
  filename: string;
  path: string;
  sha256: string;
}

/** Regular files under `folder`, named by their path relative to it with `/`; dotfiles and dot-folders skipped. */
async function listFolder(folder: string, skip: string): Promise<LocalFile[]> {
  const entries = await readdir(folder, { recursive: true });
  const files: LocalFile[] = [];
  for (const entry of entries.sort()) {
    const parts = entry.split(sep);
    if (parts.some((p) => p.startsWith('.'))) continue;
    const path = join(folder, entry);
    if (resolve(path) === skip || !(await stat(path)).isFile()) continue;
    const sha256 = createHash('sha256').update(await readFile(path)).digest('hex');
    files.push({ filename: parts.join('/'), path, sha256 });
  }
  return files;
}

export async function mirror({ kbId, folder, statePath, hubUrl, hub, print }: MirrorOptions): Promise<void> {
  const recordPath = statePath ?? defaultStatePath(folder, kbId);
  const local = await listFolder(folder, resolve(recordPath));
  // the contract's 512-character limit, checked for every file before the first request
  const tooLong = local.find((f) => f.filename.length > MAX_FILENAME_LENGTH);
  if (tooLong !== undefined) {
    throw new HubFilenameTooLongError('POST', `/api/admin/knowledge/${kbId}/sync`, tooLong.filename.length);
  }

  let state = await loadState(recordPath);
  if (state !== undefined && (state.hubUrl !== hubUrl || state.kbId !== kbId)) {
    print(`the sync record ${recordPath} is for another hub or knowledge base: sending every file`);
    state = undefined;
  }
  const record = state ?? emptyState(hubUrl, kbId);
  const counts = { added: 0, replaced: 0, removed: 0, unchanged: 0 };

  for (const file of local) {
    const known = record.files[file.filename];
    if (known?.sha256 === file.sha256) {
      counts.unchanged += 1;
      continue;
    }
    const action = known === undefined ? 'add' : 'replace';
    const content = await readFile(file.path);
    await hub.syncKnowledge(kbId, { action, filename: file.filename, content, contentType: contentTypeOf(file.path) });
    record.files[file.filename] = { sha256: file.sha256 };
    await saveState(recordPath, record);
    counts[action === 'add' ? 'added' : 'replaced'] += 1;
    print(`${action === 'add' ? 'added' : 'replaced'} ${file.filename}`);
  }

  const present = new Set(local.map((f) => f.filename));
  for (const filename of Object.keys(record.files).sort()) {
    if (present.has(filename)) continue;
    const result = await hub.syncKnowledge(kbId, { action: 'remove', filename });
    delete record.files[filename];
    await saveState(recordPath, record);
    counts.removed += 1;
    print(result.noop ? `removed ${filename} (it was not in the knowledge base: nothing to remove)` : `removed ${filename}`);
  }

  const changed = counts.added + counts.replaced + counts.removed;
  print(
    changed === 0
      ? `nothing to sync: ${counts.unchanged} unchanged`
      : `${counts.added} added, ${counts.replaced} replaced, ${counts.removed} removed, ${counts.unchanged} unchanged`,
  );
}
