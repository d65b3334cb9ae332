// Each generated tool's `tools/list` entry within a size budget (16 KB by default, `--max-tool-kb`): the
// entry is measured exactly (the zod inputs built and converted as the server does), then pruned step by
// step, descriptions of deep fields first, then deep sub-schemas collapsed to an object the API validates,
// until it fits. The generator reports the size before and after.
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool';
import type { Operation } from './operations';
import { inputLines } from './tool-file';
import type { Prune } from './to-zod';

export const DEFAULT_BUDGET_KB = 16;

/** Gentlest first. Depth 0 is a tool input, 1 a field of the body, 2 a field of that field. */
const STEPS: Prune[] = [
  {},
  { describeFrom: 3 },
  { describeFrom: 2 },
  { describeFrom: 2, collapseFrom: 3 },
  { describeFrom: 2, collapseFrom: 2 },
  { describeFrom: 1, collapseFrom: 2 },
  { describeFrom: 1, collapseFrom: 1 },
];

/** The size in bytes of the tool's `tools/list` entry (name, description, inputSchema, annotations) as JSON. */
export function entrySize(op: Operation, description: string, annotations: string, prune: Prune): number {
  // The source is the generator's own (quoted strings and z.* calls): built here exactly as the tool file builds it.
  const input = new Function('z', `return {\n${inputLines(op, prune).join('\n')}\n};`)(z) as z.ZodRawShape;
  const hints = new Function(`return ${annotations};`)() as Record<string, boolean>;
  const tool = defineTool({ name: op.toolName, description, input, annotations: hints, handler: () => '' });
  return Buffer.byteLength(JSON.stringify(tool.descriptor));
}

export interface Fitted {
  prune: Prune;
  description: string;
  before: number;
  after: number;
  /** What was given up, for the review notes; undefined when nothing was. */
  note?: string;
}

export function fitToBudget(op: Operation, description: string, annotations: string, budgetBytes: number): Fitted {
  const before = entrySize(op, description, annotations, {});
  let after = before;
  for (const prune of STEPS) {
    after = prune === STEPS[0] ? before : entrySize(op, description, annotations, prune);
    if (after <= budgetBytes) {
      if (prune === STEPS[0]) return { prune, description, before, after };
      const what = [
        prune.describeFrom !== undefined ? `descriptions of fields ${levels(prune.describeFrom)} left out` : '',
        prune.collapseFrom !== undefined ? `objects ${levels(prune.collapseFrom)} collapsed to {type: object}, which the API validates` : '',
      ].filter(Boolean);
      return { prune, description, before, after, note: `tools/list entry pruned from ${kb(before)} to ${kb(after)} (${what.join('; ')})` };
    }
  }
  // Still too large: the tool's own description is cut too.
  const last = STEPS[STEPS.length - 1] ?? {};
  const short = description.length > 300 ? `${description.slice(0, 299).replace(/\s+\S*$/, '')}…` : description;
  after = entrySize(op, short, annotations, last);
  const fits = after <= budgetBytes ? '' : `; still over the budget of ${kb(budgetBytes)}: split the tool or drop inputs`;
  return { prune: last, description: short, before, after, note: `tools/list entry pruned from ${kb(before)} to ${kb(after)} (every nested description left out, sub-schemas collapsed, the description cut${fits})` };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Depth 1 is a field of the body (or a parameter's own field), 2 a field of that, … */
const levels = (depth: number) => (depth <= 1 ? 'inside inputs' : `${depth} levels deep and more`);
