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
import { annotationsFor, distinctDescriptions } from './wording';

export interface GenerateRequest extends Selection {
  root: string;
  /** Absolute path of the document. */
  file: string;
  dryRun: boolean;
  /** Generate operations that take a password or another secret as input (default: skip them). */
  includeSecrets?: boolean;
}

export interface Planned {
  /** '' for an operation no tool is named after (HEAD). */
  tool: string;
  method: string;
  path: string;
  /** 'write', or why it is skipped. */
  action: 'write' | string;
  /** What a person should look at in what was written. */
  review: string[];
}

export async function generateTools({ root, file, dryRun, includeSecrets = false, ...selection }: GenerateRequest): Promise<Planned[]> {
  const document = await loadDocument(file);
  const all = listOperations(document);
  const descriptions = distinctDescriptions(all);
  const chosen = select(all, selection);
  const origin = `"${document.info.title}" ${document.info.version} (${basename(file)})`;
  const indexPath = join(root, 'tools/index.ts');
  let index = readFileSync(indexPath, 'utf8');
  const planned: Planned[] = [];
  for (const op of chosen) {
    const target = join(root, 'tools', `${op.toolName}.ts`);
    const secret = op.secrets.length > 0 && !includeSecrets;
    const action = op.unsupported
      ? `skipped: ${op.unsupported}`
      : secret
        ? `skipped: it takes a secret as input (${op.secrets.join(', ')}); pass --include-secrets to generate it`
        : existsSync(target) || existsSync(join(root, 'tools', `${op.toolName}.test.ts`))
          ? `skipped: tools/${op.toolName}.ts already exists`
          : 'write';
    const { annotations, review: hint } = annotationsFor(op);
    const review = [
      ...(hint ? [hint] : []),
      ...(op.secrets.length > 0 && includeSecrets ? [`takes a secret as input (${op.secrets.join(', ')})`] : []),
      ...op.skippedParameters.filter((p) => p.endsWith(', required)')).map((p) => `${p.replace(', required', '')} is required but not an input: the hub must send it`),
    ];
    planned.push({ tool: op.toolName, method: op.method, path: op.path, action, review: action === 'write' ? review : [] });
    if (action !== 'write' || dryRun) continue;
    index = withTool(index, identifierFor(op.toolName), op.toolName);
    writeFileSync(target, toolSource(op, origin, { description: descriptions.get(op) ?? '', annotations }), { flag: 'wx' });
    writeFileSync(join(root, 'tools', `${op.toolName}.test.ts`), testSource(op), { flag: 'wx' });
  }
  // HEAD answers carry no body for a model to read, and ctx.api sends none: listed, not generated.
  if (selection.tags.length === 0 && selection.operations.length === 0) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if ((item as Record<string, unknown> | undefined)?.head) {
        planned.push({ tool: '', method: 'HEAD', path, action: 'skipped: a HEAD request (ctx.api sends none, and its answer has no body)', review: [] });
      }
    }
  }
  if (!dryRun) writeFileSync(indexPath, index);
  return planned;
}
