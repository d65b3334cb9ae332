// Baseline for the bench's /mcp lane: the tool server written the way the MCP SDK v2 documentation shows
// it (`createMcpHandler` with a per-request McpServer factory, mounted on node:http with `toNodeHandler`
// behind the localhost Host/Origin guards). The tool forwards Authorization with undici's `request`.
// Deliberately not tuned.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { request } from 'undici';
import { z } from 'zod';
import { orderOutput } from './order-output';
import { listen, type Listening } from '../src/http/listen';

/** The factory runs once per HTTP request: tools are registered on a fresh McpServer each time. */
function createMcpServer(apiUrl: string): McpServer {
  const server = new McpServer({ name: 'baseline-v2-tool-server', version: '1.0.0' });
  server.registerTool(
    'get_order',
    {
      description: 'Look up one order by its id.',
      inputSchema: z.object({ orderId: z.string().describe('The order id, e.g. ord_1234') }),
      outputSchema: z.object(orderOutput),
    },
    async ({ orderId }, ctx) => {
      const authorization = ctx.http?.req?.headers.get('authorization') ?? undefined;
      const response = await request(`${apiUrl}/orders/${encodeURIComponent(orderId)}`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      const body = (await response.body.json()) as Record<string, unknown>;
      if (response.statusCode !== 200) {
        return { content: [{ type: 'text', text: `The order API answered ${response.statusCode}.` }], isError: true };
      }
      return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
    },
  );
  // The bench's pass-through (bench/order-text-tool.ts): no output, the API's text as it came. Measured in
  // ours's slot with --ours baseline; the baseline's own column calls get_order.
  server.registerTool(
    'get_order_text',
    {
      description: 'Look up one order by its id, as the API wrote it.',
      inputSchema: z.object({ orderId: z.string().describe('The order id, e.g. ord_1234') }),
    },
    async ({ orderId }, ctx) => {
      const authorization = ctx.http?.req?.headers.get('authorization') ?? undefined;
      const response = await request(`${apiUrl}/orders/${encodeURIComponent(orderId)}`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) {
        return { content: [{ type: 'text', text: `The order API answered ${response.statusCode}.` }], isError: true };
      }
      return { content: [{ type: 'text', text }] };
    },
  );
  return server;
}

/** POST /mcp through the SDK's handler, plus GET /health for the bench's readiness check. */
export function createBaselineV2Listener(apiUrl: string) {
  const handler = createMcpHandler(() => createMcpServer(apiUrl));
  const mcp = toNodeHandler(handler);
  const validateHost = localhostHostValidation();
  const validateOrigin = localhostOriginValidation();
  return function baselineV2(req: IncomingMessage, res: ServerResponse): void {
    if (req.url === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"healthy"}');
      return;
    }
    if (req.url !== '/mcp') {
      res.writeHead(404).end();
      return;
    }
    if (!validateHost(req, res) || !validateOrigin(req, res)) return;
    void mcp(req, res);
  };
}

/** Starts the v2 baseline on loopback; port 0 picks a free port. */
export function startBaselineV2Server(apiUrl: string, port = 0, host = '127.0.0.1'): Promise<Listening> {
  return listen(createServer(createBaselineV2Listener(apiUrl)), port, host);
}

if (require.main === module) {
  const apiUrl = process.env.CUSTOMER_API_URL;
  if (!apiUrl) {
    process.stderr.write('CUSTOMER_API_URL is required\n');
    process.exit(1);
  }
  startBaselineV2Server(apiUrl, Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1').catch(
    (error: unknown) => {
      process.stderr.write(`baseline v2 server failed to start: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
