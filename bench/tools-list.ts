// tools/list with 500 generated tools, in both eras, each tool listed and in dynamic mode (TOOLS_MODE): the
// time of one list over HTTP on loopback (median of 200, after 20 to warm up) and its size as JSON and gzipped. The tools are generated from the vendor
// fixtures (test/fixtures/openapi) as `npm run openapi` writes them, repeated under new names to 500.
// usage: npx tsx bench/tools-list.ts [count]
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { z } from 'zod';
import { loadDocument } from '../cli/openapi/load';
import { listOperations, type Operation } from '../cli/openapi/operations';
import { inputLines } from '../cli/openapi/tool-file';
import { annotationsFor, baseDescription } from '../cli/openapi/wording';
import { defineTool, type Tool } from '../src/tools/define-tool';
import { startToolServer } from '../src/tools/testing';

const FIXTURES = ['twilio-api-calls-messages.json', 'jira-priorities-events.json', 'asana-projects.json', 'box-events-files-users.json', 'hubspot-files.json', 'github-issues.json'];

function toolOf(op: Operation, name: string): Tool {
  const input = new Function('z', `return {\n${inputLines(op).join('\n')}\n};`)(z) as z.ZodRawShape;
  const annotations = new Function(`return ${annotationsFor(op).annotations};`)() as Record<string, boolean>;
  return defineTool({ name, description: baseDescription(op).slice(0, 1000), input, annotations, handler: () => '' });
}

async function list(url: string, modern: boolean): Promise<string> {
  const _meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' } };
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': modern ? '2026-07-28' : '2025-11-25', ...(modern ? { 'mcp-method': 'tools/list' } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: modern ? { _meta } : {} }),
  });
  return response.text();
}

async function main(count: number): Promise<void> {
  const ops: Operation[] = [];
  for (const file of FIXTURES) ops.push(...listOperations(await loadDocument(join(__dirname, '../test/fixtures/openapi', file))).filter((op) => !op.unsupported && op.secrets.length === 0));
  const tools = Array.from({ length: count }, (_, i) => toolOf(ops[i % ops.length]!, `${ops[i % ops.length]!.toolName.slice(0, 38)}_${i}`));
  for (const mode of ['static', 'dynamic'] as const) await measure(tools, mode);
}

async function measure(tools: readonly Tool[], mode: 'static' | 'dynamic'): Promise<void> {
  const server = await startToolServer({ tools, apiUrl: 'http://127.0.0.1:9', env: { USER_CALLS_PER_MINUTE: '0', TOOLS_MODE: mode } });
  try {
    for (const [era, modern] of [['2025-11-25', false], ['2026-07-28', true]] as const) {
      for (let i = 0; i < 20; i += 1) await list(server.url, modern);
      const times: number[] = [];
      let text = '';
      for (let i = 0; i < 200; i += 1) {
        const start = process.hrtime.bigint();
        text = await list(server.url, modern);
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      times.sort((a, b) => a - b);
      const result = (JSON.parse(text) as { result: { tools: unknown[]; ttlMs?: number } }).result;
      const line = { mode, era, tools: result.tools.length, ttlMs: result.ttlMs, medianMs: +times[100]!.toFixed(2), p95Ms: +times[190]!.toFixed(2), bytes: Buffer.byteLength(text), gzipBytes: gzipSync(text).length };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  } finally {
    await server.close();
  }
}

void main(Number(process.argv[2] ?? 500));
