// Entry of `npm run conformance`: plays the hub against a running tool server (a fork included) and
// prints one line per rule of the hub's contract. Exit 0 only when every rule was checked and holds.
import { parseConformanceArgs, USAGE } from './args';
import { allHold, report, runConformance } from './run';
import { startServer, type StartedServer } from './start-server';
import { startStandInApi, type StandInApi } from './stand-in-api';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseConformanceArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`conformance: ${args}\n${USAGE}\n`);
    return 2;
  }
  let standIn: StandInApi | undefined;
  let server: StartedServer | undefined;
  try {
    if (args.start !== undefined || args.apiPort !== undefined) {
      standIn = await startStandInApi(args.apiPort ?? 0);
      process.stdout.write(`conformance: stand-in API on ${standIn.url}\n`);
    }
    if (args.start !== undefined) {
      server = await startServer(args.start, args.baseUrl, { CUSTOMER_API_URL: standIn!.url });
      process.stdout.write(`conformance: started "${args.start}" with CUSTOMER_API_URL=${standIn!.url}\n`);
    }
    const results = await runConformance({ ...args, standIn });
    process.stdout.write(report(results));
    return allHold(results) ? 0 : 1;
  } catch (error) {
    process.stderr.write(`conformance: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await server?.stop();
    await standIn?.close();
  }
}

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
