// Knowledge bases and their documents, keyed by filename (contract, "Knowledge base and its documents").
// Where the contract is silent, add on an existing filename overwrites and replace on a missing one
// creates: a sync client retrying after an interruption then converges instead of failing.
import { createHash } from 'node:crypto';
import type { SyncAction } from '../../src/hub';

export interface KnowledgeDocument {
  filename: string;
  content: Buffer;
  contentType: string;
  sha256: string;
  updatedAt: Date;
}

export type SyncOutcome = { noop: true } | { noop: false; document: KnowledgeDocument | undefined };

export interface KnowledgeStore {
  sync(kbId: string, action: SyncAction, filename: string, file?: { content: Buffer; contentType: string }): SyncOutcome;
  get(kbId: string, filename: string): KnowledgeDocument | undefined;
  list(kbId: string): KnowledgeDocument[];
}

export function createKnowledgeStore(): KnowledgeStore {
  const bases = new Map<string, Map<string, KnowledgeDocument>>();

  return {
    sync(kbId, action, filename, file) {
      const base = bases.get(kbId) ?? new Map<string, KnowledgeDocument>();
      bases.set(kbId, base);
      if (action === 'remove') return base.delete(filename) ? { noop: false, document: undefined } : { noop: true };
      if (file === undefined) throw new TypeError(`sync ${action} needs a file`);
      const sha256 = createHash('sha256').update(file.content).digest('hex');
      const document = { filename, ...file, sha256, updatedAt: new Date() };
      base.set(filename, document);
      return { noop: false, document };
    },
    get: (kbId, filename) => bases.get(kbId)?.get(filename),
    list: (kbId) => [...(bases.get(kbId)?.values() ?? [])].sort((a, b) => a.filename.localeCompare(b.filename)),
  };
}
