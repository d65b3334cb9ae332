// Dynamic mode (TOOLS_MODE=dynamic): an API too large for a host to hold (Cursor about 40 tools, OpenAI 128)
// is listed as a few stable tools instead of one per operation. The model finds an operation by words,
// reads its input schema, and calls it. The registry still holds every tool: a call goes through its one
// path (validation, credentials, error sentences, the log line) under the operation's own name.
// Stateless: every answer is made from the tools loaded at startup; a page is a number the model sends back.
import { z } from 'zod';
import { defineTool } from './define-tool';
import { detailOf, summaryOf } from './operation-text';
import { operationSearch } from './operation-search';
import { errorResult } from './results';
import type { Tool } from './tool-types';
import { toolsetOf } from './toolsets';

export const FIND = 'find_operations';
export const DESCRIBE = 'describe_operation';
/** Runs operations marked read-only (`readOnlyHint: true`): listed read-only, so a host may run it unasked. */
export const CALL_READ = 'call_operation';
/** Runs every other operation: listed as one that may change or delete data, so a host asks first. */
export const CALL_WRITE = 'call_write_operation';

const PAGE = 20;

const writes = (tool: Tool) => tool.descriptor.annotations?.readOnlyHint !== true;
const callerOf = (tool: Tool) => (writes(tool) ? CALL_WRITE : CALL_READ);

const callInput = {
  name: z.string().min(1).describe(`The operation's name, as ${FIND} gives it.`),
  arguments: z.record(z.string(), z.unknown()).default({}).describe(`The operation's arguments, matching the input schema ${DESCRIBE} gives.`),
};

export interface DynamicTools {
  /** The tools listed instead of the operations. */
  readonly listed: readonly Tool[];
  /** The operation a call of `name` runs, when it is a call tool asked for one it may run; else undefined. */
  forward(name: string, args: unknown): { name: string; args: unknown } | undefined;
}

/** The listed tools of dynamic mode over `operations` (the tools the deployment serves, those for the model). */
export function dynamicTools(operations: readonly Tool[]): DynamicTools {
  const byName = new Map(operations.filter((tool) => tool.forModel).map((tool) => [tool.name, tool]));
  const all = [...byName.values()];
  const hasWrites = all.some(writes);
  const hasReads = all.some((tool) => !writes(tool));
  const destructive = all.some((tool) => tool.descriptor.annotations?.destructiveHint === true);
  // The index is built here, once, when the server starts in dynamic mode; a find only reads it.
  const index = operationSearch(all);
  const notFound = (name: string) => errorResult(`There is no operation named "${name}". Call ${FIND} with words from what you want to do to find its name.`);

  const find = defineTool({
    name: FIND,
    description: `Finds operations of this API by words of what you want to do ("refund a payment"), best matches first, ${PAGE} a page. Returns each operation's name and a one-line summary; then call ${DESCRIBE} for its input, and ${hasReads && hasWrites ? `${CALL_READ} (read-only operations) or ${CALL_WRITE} (the others)` : hasWrites ? CALL_WRITE : CALL_READ} to run it.`,
    input: {
      query: z.string().default('').describe('Words of what you want to do, e.g. "list open issues". Empty: every operation, by name.'),
      page: z.number().int().min(1).default(1).describe('The page to return, from 1; the answer says whether there is a next one.'),
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: ({ query, page }) => {
      const ranked = query.trim() === '' ? [...all].sort((a, b) => a.name.localeCompare(b.name)) : index.search(query);
      const shown = ranked.slice((page - 1) * PAGE, page * PAGE);
      const operations = shown.map((tool) => {
        const toolset = toolsetOf(tool);
        return { name: tool.name, summary: summaryOf(tool.descriptor.description), ...(toolset ? { toolset } : {}), call_with: callerOf(tool) };
      });
      const next = page * PAGE < ranked.length ? { next_page: page + 1 } : {};
      const none = ranked.length === 0 ? { note: `No operation matches "${query}": try other or fewer words, or an empty query for every operation.` } : {};
      return JSON.stringify({ operations, total: ranked.length, page, ...next, ...none });
    },
  });

  const describe = defineTool({
    name: DESCRIBE,
    description: `Describes one operation of this API: its summary and description, the JSON Schema of its arguments, and which tool runs it. Call it before running an operation for the first time.`,
    input: { name: z.string().min(1).describe(`The operation's name, as ${FIND} gives it.`) },
    annotations: { readOnlyHint: true, openWorldHint: false },
    handler: ({ name }) => {
      const tool = byName.get(name);
      if (tool === undefined) return notFound(name);
      const { description, inputSchema, annotations } = tool.descriptor;
      // The summary apart from the rest: a generated tool's description is the document's summary and description run together.
      const detail = detailOf(description);
      return JSON.stringify({
        name,
        summary: summaryOf(description),
        ...(detail ? { description: detail } : {}),
        input_schema: inputSchema,
        ...(annotations ? { annotations } : {}),
        call_with: callerOf(tool),
      });
    },
  });

  /** Answers a call tool asked for an operation it does not run; one it runs never reaches here (forward). */
  const refusal = (self: string) => (args: { name: string }) => {
    const tool = byName.get(args.name);
    if (tool === undefined) return notFound(args.name);
    return errorResult(`${args.name} ${writes(tool) ? 'may change data' : 'only reads'}: run it with ${callerOf(tool)}, not ${self}, with the same name and arguments.`);
  };

  const callRead = defineTool({
    name: CALL_READ,
    description: `Runs one read-only operation of this API (found with ${FIND}, its arguments as ${DESCRIBE} shows). Operations that change data are run with ${CALL_WRITE}.`,
    input: callInput,
    annotations: { readOnlyHint: true, openWorldHint: true },
    handler: refusal(CALL_READ),
  });
  const callWrite = defineTool({
    name: CALL_WRITE,
    description: `Runs one operation of this API that may change${destructive ? ' or delete' : ''} data (found with ${FIND}, its arguments as ${DESCRIBE} shows). Read-only operations are run with ${CALL_READ}.`,
    input: callInput,
    annotations: { readOnlyHint: false, destructiveHint: destructive, idempotentHint: false, openWorldHint: true },
    handler: refusal(CALL_WRITE),
  });

  const listed = [find, describe, ...(hasReads ? [callRead] : []), ...(hasWrites ? [callWrite] : [])];
  const callers = new Set<string>(listed.map((tool) => tool.name).filter((name) => name === CALL_READ || name === CALL_WRITE));
  return {
    listed: Object.freeze(listed),
    forward(name, args) {
      if (!callers.has(name)) return undefined;
      const parsed = z.object(callInput).safeParse(args ?? {});
      if (!parsed.success) return undefined; // the call tool itself answers, naming the bad field
      const tool = byName.get(parsed.data.name);
      if (tool === undefined || callerOf(tool) !== name) return undefined;
      return { name: tool.name, args: parsed.data.arguments };
    },
  };
}
