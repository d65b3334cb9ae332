// Entry of `npm run auth-server`: starts the local authorization server until Ctrl-C (see ./serve.ts);
// `--help` prints its settings (./settings.ts).
import { serveAuthServer } from './serve';
import { HELP } from './settings';

async function main(args: readonly string[]): Promise<void> {
  if (args.includes('--help') || args.includes('-h')) return void process.stdout.write(HELP);
  const unknown = args.find((arg) => arg !== '');
  if (unknown !== undefined) throw new Error(`unknown argument ${unknown}: settings are environment variables (npm run auth-server -- --help)`);
  const running = await serveAuthServer(process.env, process.stdout);
  const stop = (): void => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`auth-server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
