// Entry of `npm run hub`: with no arguments, starts the emulator; otherwise runs a CLI command
// against a running one (see HUB_CLI_USAGE).
import { runHubCli } from './cli';
import { serveEmulator } from './serve';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length > 0) {
    process.exitCode = await runHubCli(argv, { env: process.env, stdout: process.stdout, stderr: process.stderr });
    return;
  }
  const running = await serveEmulator(process.env, process.stdout);
  const stop = (): void => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`hub: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
