// The few lines `npm run openapi` ends with: how many tools were generated, how many operations were
// skipped and why (grouped, with a few names each), and what to review before use.
import type { Planned } from './generate';
import { kb } from './size-budget';

const EXAMPLES = 4;

/** Skipped because the tool is already there (unchanged, or --update not given): grouped, never one line each. */
export const isAlreadyThere = (action: string): boolean => /^skipped: (tools\/\S+ already exists|unchanged)/.test(action);

/** A skip reason's kind, for grouping: the text without the details in parentheses or braces. */
export const reasonKind = (action: string): string =>
  action.replace(/^skipped: /, '').replace(/^tools\/\S+\.ts already exists/, 'the tool file already exists').replace(/^tools\/\S+\.test\.ts already exists/, 'its test file already exists').replace(/\s*\([^)]*\)/g, '').replace(/ \{[^}]*\}/g, ' {…}').replace(/^its path \S+/, 'its path');

export function summaryLines(planned: readonly Planned[], dryRun: boolean): string[] {
  const written = planned.filter((item) => item.action === 'write' || item.action.startsWith('update'));
  const reasons = new Map<string, string[]>();
  for (const item of planned) {
    if (written.includes(item)) continue;
    const reason = reasonKind(item.action);
    reasons.set(reason, [...(reasons.get(reason) ?? []), item.tool || `${item.method} ${item.path}`]);
  }
  // --update rewrites a tool outside its fork region and leaves its test as the fork has it.
  const created = written.filter((item) => item.action === 'write').length;
  const updated = written.length - created;
  const counts = [
    ...(created > 0 || updated === 0 ? [`${created} tool(s) written, each with a test, and listed in tools/index.ts`] : []),
    ...(updated > 0 ? [`${updated} updated (fork regions and tests kept)`] : []),
  ].join(', ');
  const nothing = !dryRun && written.length === 0 && planned.length > 0;
  const lines = [
    nothing
      ? `openapi: nothing written: ${planned.length} operation(s) skipped${planned.every((item) => isAlreadyThere(item.action)) ? ', every tool already exists (--update regenerates them)' : ''}.`
      : dryRun
      ? `openapi: dry run, nothing written (${written.length} tool(s) would be written, ${planned.length - written.length} skipped)`
      : `openapi: ${counts}; ${planned.length - written.length} skipped. Curate them before use.`,
  ];
  for (const [reason, tools] of reasons) {
    const names = tools.slice(0, EXAMPLES).join(', ') + (tools.length > EXAMPLES ? `, and ${tools.length - EXAMPLES} more` : '');
    lines.push(`openapi:   skipped ${tools.length}: ${reason} (${names})`);
  }
  const sized = written.filter((item) => item.size);
  if (sized.length > 0) {
    const total = (key: 'before' | 'after') => sized.reduce((sum, item) => sum + (item.size?.[key] ?? 0), 0);
    const pruned = sized.filter((item) => item.size && item.size.after < item.size.before).length;
    lines.push(`openapi: tools/list entries ${kb(total('before'))} in all${pruned > 0 ? `, ${kb(total('after'))} after pruning ${pruned} tool(s) to the size budget` : ''}`);
  }
  // The same note for many tools (a required header the hub sends) is one line.
  const review = new Map<string, string[]>();
  for (const item of written) for (const note of item.review) review.set(note, [...(review.get(note) ?? []), item.tool]);
  if (review.size > 0) lines.push('openapi: to review:');
  for (const [note, tools] of review) {
    const names = tools.slice(0, EXAMPLES).join(', ') + (tools.length > EXAMPLES ? `, and ${tools.length - EXAMPLES} more` : '');
    lines.push(`openapi:   ${note} (${names})`);
  }
  // What to run next, as `npm run new-tool` says it: the tests of what was written (all tools' past a few).
  if (!dryRun && written.length > 0) {
    const tests = written.length <= EXAMPLES ? written.map((item) => `tools/${item.tool}`).join(' ') : 'tools/';
    lines.push(`openapi: then run their tests: npm test -- ${tests}`);
  }
  return lines;
}
