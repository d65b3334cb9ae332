// The doc-test runner: runs every shell block of README.md and docs/**/*.md in this tree, as a
// user would, and says what each did. CI runs it in a fork copy (scripts/fork-sim.sh docs), which then
// runs `npm test` last. Usage: tsx test/docs/runner/main.ts [--list] [page.md ...]
//   --list   only say, for each block, whether it runs or why not
import { hermeticEnvironment } from '../../support/jest/global-setup';
import { notRunnable, pages, shellBlocks, type Block } from './blocks';
import { DocRunner, type Outcome } from './run';

const args = process.argv.slice(2);
const listOnly = args.includes('--list');
const root = process.cwd();
const chosen = args.filter((arg) => !arg.startsWith('--'));
const out = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const env = { ...process.env };
  hermeticEnvironment(env); // a user's shell holds no settings of ours unless the docs set them
  env.NODE_ENV = 'development';
  const runner = new DocRunner({ root, env, log: out });
  const outcomes: Outcome[] = [];
  const unrunnable: string[] = [];
  for (const page of chosen.length > 0 ? chosen : pages(root)) {
    const blocks = shellBlocks(root, page);
    if (blocks.length === 0) continue;
    out(`doc-test: ${page}, ${blocks.length} block(s)`);
    const runnable: Block[] = [];
    for (const block of blocks) {
      const why = block.skip ? undefined : notRunnable(block);
      if (why) unrunnable.push(`${block.page}:${block.line}: ${why} (mark it <!-- doc-test: skip — reason --> or make it runnable)`);
      else runnable.push(block);
    }
    const results = listOnly ? runnable.map((block): Outcome => (block.skip ? { block, status: 'skipped', detail: block.skip } : { block, status: 'ran', detail: 'would run' })) : await runner.page(runnable);
    for (const { block, status, detail } of results) out(`doc-test: ${status} ${block.page}:${block.line}: ${detail.split('\n').join('\n    ')}`);
    outcomes.push(...results);
  }
  const count = (status: Outcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  for (const line of unrunnable) out(`doc-test: NOT RUNNABLE ${line}`);
  out(`doc-test: ${count('ran')} blocks ran, ${count('failed')} failed, ${count('skipped')} marked not runnable, ${unrunnable.length} unmarked and not runnable`);
  if (runner.deferred.length > 0) out(`doc-test: deferred to the end: ${[...new Set(runner.deferred)].join(', ')} (${runner.deferred.length} time(s) in the docs)`);
  return count('failed') > 0 || unrunnable.length > 0 ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(`doc-test: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
