// Entry of `npm run kb`: knowledge-base sync from the command line (see cli/args.ts for usage).
import { runKb } from './run-kb';

runKb(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`kb: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
