// Run with tsx inside a project copy after `npm run openapi`: makes the given calls of generated tools
// through real SDK clients on both lanes (v2 on /mcp, v1 on the hub's /sse) into a capturing API on
// loopback, and writes what each call answered and what the API received as JSON to <out>
// (test/cli/openapi-fixed-values.test.ts parses it back with qs). <env> is the server's settings.
// usage: tsx test/support/openapi-given-calls.ts <out.json> <env as JSON> <calls as JSON> <document>…
import { writeFileSync } from 'node:fs';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations } from '../../cli/openapi/operations';
import { startFakeApi, startToolServer } from '../../src/tools/testing';
import { tools } from '../../tools';

export interface GivenCall {
  tool: string;
  args: Record<string, unknown>;
}

export interface GivenOutcome extends GivenCall {
  lane: 'mcp' | 'sse';
  isError: boolean;
  text: string;
  received?: { method: string; url: string; text: string; headers: Record<string, string | string[] | undefined> };
  /** The tools/list entry's input schema as this lane's client read it. */
  inputSchema: unknown;
}

async function main([out = '', env = '{}', calls = '[]', ...documents]: string[]): Promise<void> {
  const operations = (await Promise.all(documents.map(async (document) => listOperations(await loadDocument(document))))).flat();
  const routes = Object.fromEntries(operations.map((op) => [`${op.method} ${op.apiPath}`, () => ({ body: { ok: true } })]));
  const api = await startFakeApi(routes);
  const generated = tools.filter((tool) => operations.some((op) => op.toolName === tool.name));
  const server = await startToolServer({ tools: generated, apiUrl: api.url, env: { USER_CALLS_PER_MINUTE: '0', ...(JSON.parse(env) as Record<string, string>) } });
  const headers = { authorization: 'Bearer test-token' };
  const v2 = new Client({ name: 'given-calls', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  const v1 = new ClientV1({ name: 'given-calls-sse', version: '1.0.0' });
  const outcomes: GivenOutcome[] = [];
  try {
    await v2.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));
    await v1.connect(new SSEClientTransport(new URL(`${server.url}/sse`), { requestInit: { headers } }));
    const lanes = { mcp: v2, sse: v1 } as const;
    for (const [lane, client] of Object.entries(lanes) as Array<[keyof typeof lanes, (typeof lanes)[keyof typeof lanes]]>) {
      const listed = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool.inputSchema]));
      for (const call of JSON.parse(calls) as GivenCall[]) {
        const before = api.requests.length;
        const result = (await client.callTool({ name: call.tool, arguments: call.args })) as { isError?: boolean; content: Array<{ type: string; text?: string }> };
        const request = api.requests.length > before ? api.requests.at(-1) : undefined;
        outcomes.push({
          ...call,
          lane,
          isError: result.isError === true,
          text: result.content[0]?.text ?? '',
          inputSchema: listed.get(call.tool),
          ...(request ? { received: { method: request.method, url: request.url, text: request.text, headers: request.headers } } : {}),
        });
      }
    }
  } finally {
    await v2.close();
    await v1.close();
    await server.close();
    await api.close();
  }
  writeFileSync(out, JSON.stringify(outcomes));
}

void main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`openapi-given-calls: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
