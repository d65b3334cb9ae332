// Run with tsx inside a project copy after `npm run openapi`: serves the generated tools of a document in
// dynamic mode with strict schemas (TOOLS_MODE=dynamic, TOOL_SCHEMAS=strict) and drives them as a host would, through the SDK client on /mcp:
// tools/list, find_operations, describe_operation, and each call tool asked for the given operations, into
// a capturing API on loopback; and each generated tool's input schema in strict form, or why it has none.
// Writes what was listed, answered and received as JSON to <out>
// (test/cli/openapi-dynamic.test.ts).
// usage: tsx test/support/openapi-dynamic.ts <out.json> <document> <query> <operation> <its arguments as JSON>…
import { writeFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { loadDocument } from '../../cli/openapi/load';
import { listOperations } from '../../cli/openapi/operations';
import { NotStrict, strictSchema } from '../../src/tools/strict-schema';
import { startFakeApi, startToolServer } from '../../src/tools/testing';
import { tools } from '../../tools';

export interface DynamicStep {
  tool: string;
  arguments: Record<string, unknown>;
  isError: boolean;
  text: string;
  received?: { method: string; url: string; authorization?: string };
}

export interface DynamicRun {
  listed: Array<{ name: string; annotations?: Record<string, unknown> }>;
  served: number;
  steps: DynamicStep[];
  /** Each generated tool's input schema in strict form, or why strict mode cannot say it. */
  strict: Array<{ tool: string; schema?: unknown; reason?: string }>;
}

function strictOf(tool: string, schema: Record<string, unknown>): DynamicRun['strict'][number] {
  try {
    return { tool, schema: strictSchema(schema) };
  } catch (error) {
    if (!(error instanceof NotStrict)) throw error;
    return { tool, reason: error.message };
  }
}

async function main([out = '', document = '', query = '', ...calls]: string[]): Promise<void> {
  const operations = listOperations(await loadDocument(document), {});
  const routes = Object.fromEntries(operations.map((op) => [`${op.method} ${op.apiPath}`, () => ({ body: { ok: true, operation: op.toolName } })]));
  const api = await startFakeApi(routes);
  const generated = tools.filter((tool) => operations.some((op) => op.toolName === tool.name));
  const server = await startToolServer({ tools: generated, apiUrl: api.url, env: { TOOLS_MODE: 'dynamic', TOOL_SCHEMAS: 'strict', USER_CALLS_PER_MINUTE: '0' } });
  const client = new Client({ name: 'dynamic-host', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  const steps: DynamicStep[] = [];
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: 'Bearer user-token' } } }));
    const { tools: listed } = await client.listTools();
    const step = async (tool: string, args: Record<string, unknown>) => {
      const before = api.requests.length;
      const result = await client.callTool({ name: tool, arguments: args });
      const request = api.requests.length > before ? api.requests.at(-1) : undefined;
      const text = (result.content as Array<{ type: string; text?: string }>).find((item) => item.type === 'text')?.text ?? '';
      const authorization = request?.headers.authorization;
      steps.push({
        tool,
        arguments: args,
        isError: result.isError === true,
        text,
        ...(request ? { received: { method: request.method, url: request.url, ...(typeof authorization === 'string' ? { authorization } : {}) } } : {}),
      });
    };
    await step('find_operations', { query });
    for (let i = 0; i + 1 < calls.length; i += 2) {
      const name = calls[i]!;
      const args = JSON.parse(calls[i + 1]!) as Record<string, unknown>;
      await step('describe_operation', { name });
      await step('call_operation', { name, arguments: args });
      await step('call_write_operation', { name, arguments: args });
    }
    const run: DynamicRun = {
      listed: listed.map(({ name, annotations }) => ({ name, ...(annotations ? { annotations } : {}) })),
      served: generated.length,
      steps,
      strict: generated.map((tool) => strictOf(tool.name, tool.descriptor.inputSchema)),
    };
    writeFileSync(out, JSON.stringify(run));
  } finally {
    await client.close();
    await server.close();
    await api.close();
  }
}

void main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`openapi-dynamic: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
