// Entry of `npm run new-tool`: writes tools/<name>.ts and its test, and lists the tool in tools/index.ts.
// npm runs scripts from the project root, so the working directory is the project.
import { parseNewToolArgs, USAGE } from './args';
import { scaffoldTool, ScaffoldError } from './scaffold';
import { nameRoomWarning } from '../../src/tools/name-room';

const argv = process.argv.slice(2);
const args = parseNewToolArgs(argv);
if (argv.includes('--help') || argv.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
} else if (typeof args === 'string') {
  process.stderr.write(`new-tool: ${args}\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  try {
    const written = scaffoldTool({ root: process.cwd(), ...args });
    // Written all the same: the name works, but hosts that prefix it may cut or refuse it.
    const warning = nameRoomWarning(args.name);
    if (warning !== undefined) process.stderr.write(`new-tool: warning: ${warning}\n`);
    process.stdout.write(
      `new-tool: wrote ${written.join(', ')}\n` +
        `Next: fill in the TODOs in tools/${args.name}.ts (description, input, answer), then \`npm test -- tools/${args.name}\`.\n` +
        (args.view ? `The view: edit tools/views/${args.name}/ while \`npm run dev\` runs (it rebuilds the view on each change), or \`npm run build\` to build it.\n` : ''),
    );
  } catch (error) {
    if (!(error instanceof ScaffoldError)) throw error;
    process.stderr.write(`new-tool: ${error.message}\n`);
    process.exitCode = 1;
  }
}
