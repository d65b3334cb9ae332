// `npm run dev`: the tool server under `node --watch` (restarted when its TypeScript changes) and each view
// rebuilt by esbuild when its sources change, in a second or two and without tsc. In
// development the server reads a view's file on every resources/read: a rebuilt view is served at once.
import { spawn } from 'node:child_process';
import { watchViews } from '../build-views/watch';

const root = process.cwd();
const say = (line: string) => process.stdout.write(`dev: ${line}\n`);

async function main(): Promise<void> {
  const views = await watchViews(root, say);
  const server = spawn(process.execPath, ['--watch', '--import', 'tsx', 'src/index.ts'], { cwd: root, stdio: 'inherit' });
  // Ctrl-C reaches both processes (one process group); a signal sent to this one alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
  server.once('exit', (code, signal) => {
    void views.close().then(() => process.exit(code ?? (signal ? 1 : 0)));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`dev: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
