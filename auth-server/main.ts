// Entry of `npm run auth-server`: starts the local authorization server until Ctrl-C (see ./serve.ts).
import { serveAuthServer } from './serve';

async function main(): Promise<void> {
  const running = await serveAuthServer(process.env, process.stdout);
  const stop = (): void => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop).once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`auth-server: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
