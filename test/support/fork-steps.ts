// The steps of the README's "Adding a tool" that a fork takes by hand, as a command for CI's fork
// simulation (scripts/fork-sim.sh), run in the fork's copy:
//   tsx test/support/fork-steps.ts scaffold-command   prints the README's `npm run new-tool -- …` arguments
//   tsx test/support/fork-steps.ts by-hand            writes the README's by-hand tool into this tree
import { addReadmeToolByHand, readmeTool } from './readme-tool';

const [step] = process.argv.slice(2);
const tool = readmeTool();
if (step === 'scaffold-command') {
  process.stdout.write(`${tool.scaffoldArgs.join(' ')}\n`);
} else if (step === 'by-hand') {
  addReadmeToolByHand(process.cwd(), tool);
  process.stdout.write(`fork-steps: wrote ${tool.files.map(({ path }) => path).join(', ')} and listed ${tool.importLine}\n`);
} else {
  process.stderr.write('usage: tsx test/support/fork-steps.ts scaffold-command|by-hand\n');
  process.exitCode = 2;
}
