// Entry of `npm run openapi`: one tool per chosen operation of an OpenAPI 3.0/3.1 document, as a
// starting point to curate (see the README, "Starting from an OpenAPI document").
import { parseOpenApiArgs, USAGE } from './args';
import { generateTools } from './generate';
import { localPath, OpenApiLoadError } from './load';
import { summaryLines } from './summary';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseOpenApiArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`openapi: ${args}\n${USAGE}\n`);
    return 2;
  }
  try {
    const planned = await generateTools({ root: process.cwd(), file: localPath(args.source), ...args });
    for (const item of planned) {
      const what = item.action === 'write' ? (args.dryRun ? 'would write' : 'wrote') : item.action;
      process.stdout.write(`openapi: ${item.tool ? `tools/${item.tool}.ts  ` : ''}${item.method} ${item.path}  ${what}\n`);
    }
    for (const line of summaryLines(planned, args.dryRun)) process.stdout.write(`${line}\n`);
    return 0;
  } catch (error) {
    if (error instanceof OpenApiLoadError || error instanceof RangeError) {
      process.stderr.write(`openapi: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`openapi: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
