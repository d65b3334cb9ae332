// The server the official MCP conformance suite runs against (scripts/mcp-conformance.sh): the real tool
// server with the fixture tools the suite's tools-call scenarios name. Prints its URL on the first line.
import { z } from 'zod';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createToolServer } from '../../src/server';
import { defineTool, errorResult, type ToolResult } from '../../src/tools';

// A 1×1 PNG and a tiny WAV header: the suite only checks the content items' shapes.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

const tools = [
  defineTool({ name: 'test_simple_text', description: 'Returns a fixed text.', input: {}, handler: () => 'This is a simple text response for testing.' }),
  defineTool({
    name: 'test_image_content',
    description: 'Returns an image.',
    input: {},
    handler: (): ToolResult => ({ content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] }),
  }),
  defineTool({
    name: 'test_audio_content',
    description: 'Returns audio.',
    input: {},
    handler: (): ToolResult => ({ content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }] }),
  }),
  defineTool({
    name: 'test_embedded_resource',
    description: 'Returns an embedded resource.',
    input: {},
    handler: (): ToolResult => ({
      content: [{ type: 'resource', resource: { uri: 'test://embedded-resource', mimeType: 'text/plain', text: 'This is an embedded resource content.' } }],
    }),
  }),
  defineTool({
    name: 'test_multiple_content_types',
    description: 'Returns text, an image and a resource.',
    input: {},
    handler: (): ToolResult => ({
      content: [
        { type: 'text', text: 'Multiple content types test:' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'resource', resource: { uri: 'test://mixed-content-resource', mimeType: 'application/json', text: '{"test":"data","value":123}' } },
      ],
    }),
  }),
  defineTool({ name: 'test_error_handling', description: 'Always fails.', input: {}, handler: () => errorResult('This tool intentionally returns an error for testing') }),
  defineTool({
    name: 'test_tool_with_progress',
    description: 'Reports progress three times.',
    input: { steps: z.number().int().min(1).max(10).default(3).describe('How many progress steps.') },
    handler: async ({ steps }, ctx) => {
      for (let i = 1; i <= steps; i++) ctx.progress(i * (100 / steps), 100, `step ${i}`);
      return `Progress test completed with ${steps} steps`;
    },
  }),
];

async function main(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', CUSTOMER_API_URL: 'http://127.0.0.1:9' });
  const logger = createLogger({ level: config.logLevel });
  const server = createToolServer({ config, customerApiUrl: 'http://127.0.0.1:9', logger, tools, info: { name: 'conformance-fixture', version: '0.0.0' } });
  const url = await server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  process.stdout.write(`${url}\n`);
  const stop = () => void server.shutdown().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

void main();
