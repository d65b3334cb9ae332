// Baseline for the benchmark: the tool server written the way the MCP SDK's documentation shows it
// (express, a McpServer and an SSEServerTransport per session, `fetch` upstream). Deliberately not tuned.
import { createServer } from 'node:http';
import express from 'express';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';
import { orderOutput } from './order-output';
import { listen, type Listening } from '../src/http/listen';

/** One McpServer per session: since SDK 1.26 a server cannot be connected to a second transport. */
function createMcpServer(apiUrl: string): McpServer {
  const server = new McpServer({ name: 'baseline-tool-server', version: '1.0.0' });
  server.registerTool(
    'get_order',
    {
      description: 'Look up one order by its id.',
      inputSchema: { orderId: z.string().describe('The order id, e.g. ord_1234') },
      outputSchema: orderOutput,
    },
    async ({ orderId }, extra) => {
      const authorization = extra.requestInfo?.headers.authorization;
      const response = await fetch(`${apiUrl}/orders/${encodeURIComponent(orderId)}`, {
        headers: typeof authorization === 'string' ? { authorization } : {},
      });
      const body = (await response.json()) as Record<string, unknown>;
      if (!response.ok) {
        return { content: [{ type: 'text', text: `The order API answered ${response.status}.` }], isError: true };
      }
      return { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
    },
  );
  return server;
}

/** The express app of the SDK's SSE example, plus GET /health for the bench's readiness check. */
export function createBaselineApp(apiUrl: string): express.Express {
  const app = express();
  app.use(express.json());
  const transports: Record<string, SSEServerTransport> = {};

  app.get('/health', (_req, res) => {
    res.json({ status: 'healthy' });
  });

  app.get('/sse', async (_req, res) => {
    const transport = new SSEServerTransport('/messages', res);
    transports[transport.sessionId] = transport;
    res.on('close', () => {
      delete transports[transport.sessionId];
    });
    await createMcpServer(apiUrl).connect(transport);
  });

  app.post('/messages', async (req, res) => {
    const sessionId = req.query.sessionId as string;
    const transport = transports[sessionId];
    if (transport) {
      await transport.handlePostMessage(req, res, req.body);
    } else {
      res.status(400).send('No transport found for sessionId');
    }
  });

  return app;
}

export type StartedBaseline = Listening;

/** Starts the baseline on loopback; port 0 picks a free port. */
export function startBaselineServer(apiUrl: string, port = 0, host = '127.0.0.1'): Promise<StartedBaseline> {
  return listen(createServer(createBaselineApp(apiUrl)), port, host);
}

if (require.main === module) {
  const apiUrl = process.env.CUSTOMER_API_URL;
  if (!apiUrl) {
    process.stderr.write('CUSTOMER_API_URL is required\n');
    process.exit(1);
  }
  startBaselineServer(apiUrl, Number(process.env.PORT ?? 3000), process.env.HOST ?? '127.0.0.1').catch(
    (error: unknown) => {
      process.stderr.write(`baseline server failed to start: ${String(error)}\n`);
      process.exit(1);
    },
  );
}
