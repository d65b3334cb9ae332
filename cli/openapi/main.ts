// Entry of `npm run openapi`: one tool per chosen operation of an OpenAPI 3.0/3.1 document, as a
// starting point to curate (see the README, "Starting from an OpenAPI document").
import { parseOpenApiArgs, USAGE, wantsHelp } from './args';
import { generateTools } from './generate';
import { localPath, OpenApiLoadError } from './load';
import { kb } from './size-budget';
import { survey, surveyLines } from './survey';
import { UPLOAD_NOTE } from './upload-note';
import { isAlreadyThere, summaryLines } from './summary';

const sizeText = ({ before, after }: { before: number; after: number }) => (before === after ? `tools/list entry ${kb(after)}` : `tools/list entry ${kb(before)} → ${kb(after)}`);

async function main(argv: readonly string[]): Promise<number> {
  if (wantsHelp(argv)) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const args = parseOpenApiArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`openapi: ${args}\n${USAGE}\n`);
    return 2;
  }
  if (args.survey !== undefined) {
    const started = Date.now();
    const result = await survey(localPath(args.survey), {
      sample: args.sample,
      shard: args.shard,
      // Progress with the figures so far, so a survey stopped early still says something.
      onDocument: (file, index, total, sofar) =>
        process.stderr.write(`openapi survey: ${index + 1}/${total} ${file} (so far ${sofar.generated} of ${sofar.operations} generated, ${sofar.refused.length} refused)\n`),
    });
    for (const line of surveyLines(result)) process.stdout.write(`${line}\n`);
    process.stdout.write(`openapi survey: ${((Date.now() - started) / 1000).toFixed(0)} s in all\n`);
    return result.refused.length === 0 ? 0 : 1;
  }
  try {
    const notes: string[] = [];
    const { survey: _survey, sample: _sample, shard: _shard, ...request } = args;
    const planned = await generateTools({ root: process.cwd(), file: localPath(args.source), ...request, notes });
    for (const item of planned) {
      // A re-import's "already exists" lines are many and alike: the summary counts them, with a few names.
      if (isAlreadyThere(item.action)) continue;
      const verb = item.action === 'write' ? 'wrote' : item.action === 'update' ? 'updated' : undefined;
      const what = verb ? (args.dryRun ? `would ${verb === 'wrote' ? 'write' : 'update'}` : verb) : item.action;
      const size = item.size ? `  (${sizeText(item.size)})` : '';
      const upload = item.review.some((note) => note.startsWith(UPLOAD_NOTE)) ? '  [review: says upload, sends no body]' : '';
      process.stdout.write(`openapi: ${item.tool ? `tools/${item.tool}.ts  ` : ''}${item.method} ${item.path}  ${what}${size}${upload}\n`);
    }
    for (const line of [...summaryLines(planned, args.dryRun), ...notes]) process.stdout.write(`${line}\n`);
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
