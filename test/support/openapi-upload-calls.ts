// Run with tsx inside a project copy after `npm run openapi`: makes the given calls to generated tools of one
// document through the real tool server, against the API at <apiUrl> with the settings in <env.json> (e.g.
// HUB_URL of a hub emulator), and writes each outcome as JSON to <out.json> (test/cli/openapi-multipart.test.ts).
// usage: tsx test/support/openapi-upload-calls.ts <document> <apiUrl> <env.json> <calls.json> <out.json>
import { writeFileSync } from 'node:fs';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations } from '../../cli/openapi/operations';
import { startToolServer } from '../../src/tools/testing';
import { tools } from '../../tools';

export interface UploadCall {
  tool: string;
  args: Record<string, unknown>;
  headers: Record<string, string>;
}

async function main([document = '', apiUrl = '', env = '{}', calls = '[]', out = '']: string[]): Promise<void> {
  const names = new Set(listOperations(await loadDocument(document)).map((op) => op.toolName));
  const server = await startToolServer({ tools: tools.filter((tool) => names.has(tool.name)), apiUrl, env: JSON.parse(env) as Record<string, string> });
  try {
    const outcomes = [];
    // One after another: the test reads the API's requests in the order of the calls.
    for (const { tool, args, headers } of JSON.parse(calls) as UploadCall[]) {
      const { text, isError } = await server.call(tool, args, headers);
      outcomes.push({ tool, isError, text });
    }
    writeFileSync(out, JSON.stringify(outcomes));
  } finally {
    await server.close();
  }
}

void main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`openapi-upload-calls: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
