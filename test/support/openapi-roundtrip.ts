// Run with tsx inside a project copy after `npm run openapi`: calls every generated tool of the given
// documents with arguments for every input (test/support/full-arguments.ts) through the real tool server
// into a capturing API on loopback, and writes what the API received, with each tool's tools/list entry
// size, as JSON to <out> (test/cli/openapi-real-apis.test.ts parses it back with qs). Then every tool is
// called once more while the API answers 429 with Retry-After: 7, and what the model read is kept too.
// usage: tsx test/support/openapi-roundtrip.ts <out.json> <document>[::<read options as JSON>]…
import { writeFileSync } from 'node:fs';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations, type Operation, type ReadOptions } from '../../cli/openapi/operations';
import { startFakeApi, startToolServer } from '../../src/tools/testing';
import { tools } from '../../tools';
import { fullArguments } from './full-arguments';
import { formParts, type FormParts } from './received-arguments';

export interface RoundTrip {
  tool: string;
  document: string;
  args: Record<string, unknown>;
  isError: boolean;
  text: string;
  /** The tools/list entry's size in bytes, and the entry. */
  entryBytes: number;
  entry: unknown;
  received?: { method: string; url: string; text: string; headers: Record<string, string | string[] | undefined>; form?: FormParts };
  /** The same call while the API answers 429 with Retry-After: 7 and a reason in Jira's shape. */
  limited?: { isError: boolean; text: string };
}

async function main([out = '', ...documents]: string[]): Promise<void> {
  const operations = new Map<string, { op: Operation; document: string }>();
  // `file::{"prefix":"box","basePath":"/2.0"}`: read as `npm run openapi -- --prefix box --base-path /2.0` read it.
  for (const argument of documents) {
    const [document = '', options] = argument.split('::');
    const read = options ? (JSON.parse(options) as ReadOptions) : {};
    for (const op of listOperations(await loadDocument(document), read)) operations.set(op.toolName, { op, document });
  }
  const generated = tools.filter((tool) => operations.has(tool.name));
  let limited = false;
  const busy = { status: 429, headers: { 'retry-after': '7' }, body: { errorMessages: ['Rate limit exceeded.'], errors: {} } };
  const routes = Object.fromEntries([...operations.values()].map(({ op }) => [`${op.method} ${op.apiPath}`, () => (limited ? busy : { body: { ok: true } })]));
  const api = await startFakeApi(routes);
  const server = await startToolServer({ tools: generated, apiUrl: api.url, env: { USER_CALLS_PER_MINUTE: '0' } });
  const reports: RoundTrip[] = [];
  try {
    for (const tool of generated) {
      const { op, document } = operations.get(tool.name)!;
      const args = fullArguments(op);
      const before = api.requests.length;
      const { text, isError } = await server.call(tool.name, args, { authorization: 'Bearer test-token' });
      const request = api.requests.length > before ? api.requests.at(-1) : undefined;
      reports.push({
        tool: tool.name,
        document,
        args,
        isError,
        text,
        entryBytes: Buffer.byteLength(JSON.stringify(tool.descriptor)),
        entry: tool.descriptor,
        ...(request ? { received: { method: request.method, url: request.url, text: request.text, headers: request.headers, form: await formParts(request) } } : {}),
      });
    }
    limited = true;
    for (const report of reports) {
      const { isError, text } = await server.call(report.tool, report.args, { authorization: 'Bearer test-token' });
      report.limited = { isError, text };
    }
  } finally {
    await server.close();
    await api.close();
  }
  writeFileSync(out, JSON.stringify(reports));
}

void main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`openapi-roundtrip: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
