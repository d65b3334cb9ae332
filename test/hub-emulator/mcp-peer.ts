// Test peer: a tiny MCP tool server over SSE built from the SDK's McpServer + SSEServerTransport (used
// here only as the far side of the emulator's calls). Its tools echo the request headers they got and
// save a note to the user's library through the hub client, with the call's X-Session-Id.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { z } from 'zod';
import type { HubClient } from '../../src/hub';

export interface McpPeer {
  url: string;
  /** Headers of each GET /sse the peer accepted. */
  streams: IncomingHttpHeaders[];
  /** Resolves when the next open stream closes. */
  nextStreamClose(): Promise<void>;
  openStreams(): number;
  close(): Promise<void>;
}

function buildServer(hub: HubClient | undefined): McpServer {
  const server = new McpServer({ name: 'peer', version: '1.0.0' });
  server.registerTool('echo_headers', { description: 'Returns the headers of the request that carried this call.' }, (extra) => ({
    content: [{ type: 'text', text: JSON.stringify(extra.requestInfo?.headers ?? {}) }],
  }));
  server.registerTool(
    'save_note',
    { description: 'Saves a note to the user library.', inputSchema: { name: z.string(), text: z.string() } },
    async ({ name, text }, extra) => {
      const sessionId = extra.requestInfo?.headers['x-session-id'];
      if (hub === undefined || typeof sessionId !== 'string') return { isError: true, content: [{ type: 'text', text: 'no hub' }] };
      await hub.uploadFile(sessionId, name, text, 'text/plain');
      const back = await hub.fetchFile(sessionId, name);
      return { content: [{ type: 'text', text: `saved ${name}: ${back.content.toString('utf8')}` }] };
    },
  );
  return server;
}

export async function startMcpPeer(hub?: HubClient): Promise<McpPeer> {
  const transports = new Map<string, SSEServerTransport>();
  const streams: IncomingHttpHeaders[] = [];
  const closeWaiters: Array<() => void> = [];

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer.invalid');
    if (req.method === 'GET' && url.pathname === '/sse') {
      streams.push(req.headers);
      const transport = new SSEServerTransport('/messages', res);
      transports.set(transport.sessionId, transport);
      transport.onclose = () => {
        transports.delete(transport.sessionId);
        closeWaiters.splice(0).forEach((resolve) => resolve());
      };
      void buildServer(hub).connect(transport);
      return;
    }
    const transport = transports.get(url.searchParams.get('sessionId') ?? '');
    if (req.method === 'POST' && url.pathname === '/messages' && transport !== undefined) {
      void transport.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    streams,
    nextStreamClose: () => new Promise<void>((resolve) => closeWaiters.push(resolve)),
    openStreams: () => transports.size,
    async close() {
      await Promise.all([...transports.values()].map((t) => t.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
