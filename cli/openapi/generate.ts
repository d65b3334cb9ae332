// Writes one tool (and its test) per chosen operation under a project root, and lists each in
// tools/index.ts. Never overwrites: an existing tool file is reported and skipped.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { identifierFor } from '../scaffold/names';
import { withTool } from '../scaffold/register';
import { loadDocument } from './load';
import { listOperations, select, type Selection } from './operations';
import { testSource } from './test-file';
import { toolSource } from './tool-file';

export interface GenerateRequest extends Selection {
  root: string;
  /** Absolute path of the document. */
  file: string;
  dryRun: boolean;
}

export interface Planned {
  tool: string;
  method: string;
  path: string;
  /** 'write', or why it is skipped. */
  action: 'write' | string;
}

export async function generateTools({ root, file, dryRun, ...selection }: GenerateRequest): Promise<Planned[]> {
  const document = await loadDocument(file);
  const chosen = select(listOperations(document), selection);
  const origin = `"${document.info.title}" ${document.info.version} (${basename(file)})`;
  const indexPath = join(root, 'tools/index.ts');
  let index = readFileSync(indexPath, 'utf8');
  const planned: Planned[] = [];
  for (const op of chosen) {
    const target = join(root, 'tools', `${op.toolName}.ts`);
    const action = op.unsupported
      ? `skipped: ${op.unsupported}`
      : existsSync(target) || existsSync(join(root, 'tools', `${op.toolName}.test.ts`))
        ? `skipped: tools/${op.toolName}.ts already exists`
        : 'write';
    planned.push({ tool: op.toolName, method: op.method, path: op.path, action });
    if (action !== 'write' || dryRun) continue;
    index = withTool(index, identifierFor(op.toolName), op.toolName);
    writeFileSync(target, toolSource(op, origin), { flag: 'wx' });
    writeFileSync(join(root, 'tools', `${op.toolName}.test.ts`), testSource(op), { flag: 'wx' });
  }
  if (!dryRun) writeFileSync(indexPath, index);
  return planned;
}
