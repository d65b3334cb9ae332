// Run with tsx inside a project copy after `npm run openapi`: calls every generated tool of one document
// with its generated test's arguments, through the real tool server, against the API at <apiUrl> (a
// Prism mock in test/cli/openapi-prism.test.ts), and writes each outcome as JSON to <out>.
// usage: tsx test/support/openapi-calls.ts <document> <apiUrl> <headers.json> <env.json> <out.json> [<tools to leave out, a RegExp>]
import { writeFileSync } from 'node:fs';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations } from '../../cli/openapi/operations';
import { testArguments } from '../../cli/openapi/test-file';
import { startToolServer } from '../../src/tools/testing';
import { tools } from '../../tools';

export interface CallReport {
  tool: string;
  call: string;
  isError: boolean;
  text: string;
}

async function main([document = '', apiUrl = '', headers = '{}', env = '{}', out = '', leaveOut = '^$']: string[]): Promise<void> {
  const operations = new Map(listOperations(await loadDocument(document)).map((op) => [op.toolName, op]));
  const generated = tools.filter((tool) => operations.has(tool.name) && !new RegExp(leaveOut).test(tool.name));
  // One test user makes every call, one after another: the per-user rate limit would refuse most of them.
  // Prism fakes each answer from the schema: on a loaded machine a large one (GitHub's issue) has taken
  // more than the default 10 s, so the timeout is Prism's slowness, not what this test measures.
  const settings = { USER_CALLS_PER_MINUTE: '0', UPSTREAM_TIMEOUT_MS: '120000', ...(JSON.parse(env) as Record<string, string>) };
  const server = await startToolServer({ tools: generated, apiUrl, env: settings });
  const reports: CallReport[] = [];
  try {
    // A few calls at a time: Prism answers each in tens of milliseconds.
    const queue = [...generated];
    const worker = async () => {
      for (let tool = queue.shift(); tool; tool = queue.shift()) {
        const op = operations.get(tool.name)!;
        const { text, isError } = await server.call(tool.name, testArguments(op), JSON.parse(headers) as Record<string, string>);
        reports.push({ tool: tool.name, call: `${op.method} ${op.path}`, isError, text });
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
  } finally {
    await server.close();
  }
  writeFileSync(out, JSON.stringify(reports));
}

void main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`openapi-calls: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
