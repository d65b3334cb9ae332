// Entry of `npm run remove-examples`: turns a fresh copy of the template into a fork without the bundled
// example API and example tools. npm runs scripts from the project root.
import { describeRemoval, removeExamples } from './remove';
import { IndexShapeError } from './index-file';

try {
  for (const line of describeRemoval(removeExamples(process.cwd()))) process.stdout.write(`remove-examples: ${line}\n`);
} catch (error) {
  if (!(error instanceof IndexShapeError)) throw error;
  process.stderr.write(`remove-examples: ${error.message}; nothing was deleted\n`);
  process.exitCode = 1;
}
