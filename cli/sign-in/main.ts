// Entry of `npm run sign-in`: a signed-in call through the OAuth lane without a browser (./sign-in.ts).
// The answer goes to stdout, alone, so a script or a doc test can compare it; anything else to stderr.
import { parseSignInArgs, USAGE } from './args';
import { signInAndCall } from './sign-in';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) return void process.stdout.write(`${USAGE}\n`);
  const options = parseSignInArgs(argv);
  if (typeof options === 'string') {
    process.stderr.write(`sign-in: ${options}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const answer = await signInAndCall(options);
  process.stderr.write(`sign-in: ${options.login} signed in ${answer.signIns === 1 ? 'once' : `${answer.signIns} times (a step-up)`}\n`);
  process.stdout.write(`${answer.text}\n`);
  if (answer.isError) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`sign-in: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
