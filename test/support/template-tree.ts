// Checks of the template itself (the README's commands and outputs, the examples) run only where the
// tree still holds what they check; in a fork that changed it they step aside and say why.
// Nothing here pins a list of tools: what a check expects is read from the tree as it is.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE_API, EXAMPLE_MODULES } from '../../cli/remove-examples/examples';
import { ROOT } from './project-copy';

/** Why the examples' checks cannot run in this tree, or undefined when every example is here. */
export const examplesMissing = missing([EXAMPLE_API, ...EXAMPLE_MODULES.map((module) => `tools/${module}.ts`)], 'the examples');

/** The template README's title: a fork that rewrites its README changes it, and the README's checks step aside. */
export const TEMPLATE_README_TITLE = '# MCP tool-server template for the assistant hub\n';

/** Why the README's checks cannot run in this tree, or undefined when README.md is still the template's. */
export const readmeNotTemplates = (() => {
  const path = join(ROOT, 'README.md');
  if (!existsSync(path)) return 'README.md is gone';
  return readFileSync(path, 'utf8').startsWith(TEMPLATE_README_TITLE) ? undefined : "README.md is the fork's own (its title is not the template's)";
})();

/** `describe`, or a skipped `describe` whose title and a line on stderr say why, when `reason` is set. */
export function describeUnless(...reasons: Array<string | undefined>): jest.Describe {
  const reason = reasons.filter((text) => text !== undefined).join('; ');
  if (reason === '') return describe;
  const skip = ((name: string, fn: () => void) => {
    process.stderr.write(`skipped "${name}": ${reason}\n`);
    describe.skip(`${name} (skipped: ${reason})`, fn);
  }) as jest.Describe;
  return skip;
}

/**
 * A tool name of the form `<base>_<n>` that no file in `<root>/tools/` has, so a test that scaffolds into a
 * copy cannot collide with a tool the fork has already written (under the README's names or any other).
 */
export function unusedToolName(root: string, base: string): string {
  const taken = new Set(readdirSync(join(root, 'tools')).map((file) => file.replace(/(\.test)?\.ts$/, '')));
  for (let n = 1; ; n += 1) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

function missing(paths: readonly string[], what: string): string | undefined {
  const gone = paths.filter((path) => !existsSync(join(ROOT, path)));
  return gone.length === 0 ? undefined : `${what} are not all here (no ${gone.join(', ')}), as in a fork that removed them`;
}
