// The hub's lane: legacy HTTP+SSE (MCP 2024-11-05). GET /sse opens a stream, POST /messages carries calls.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http/send-json';
import { errorBody, JsonRpcErrorCode } from '../core';
import { createMessagesHandler, type MessagesOptions } from './messages';
import { createOpenStreamHandler, type OpenStreamOptions } from './open-stream';

export { StreamRegistry, type StreamLimits } from './streams';

export type SseLaneOptions = MessagesOptions &
  OpenStreamOptions & {
    /** Where Streamable HTTP clients connect, named to one that POSTs here (default `/mcp`; with PUBLIC_BASE_PATH, under it). */
    mcpPath?: string;
  };

export function methodNotAllowed(req: IncomingMessage, res: ServerResponse, allow: string, message = `Method not allowed; use ${allow}`): void {
  req.resume();
  sendJson(res, 405, errorBody(JsonRpcErrorCode.InvalidRequest, message), { Allow: allow });
}

/**
 * What a Streamable HTTP client that POSTs to /sse reads: hosts show only this sentence (or drop the server),
 * so it names the endpoint to use. Still 405 + `Allow: GET`: newer SDK clients probe with POST and fall back.
 */
export function sseIsForTheHub(mcpPath: string): string {
  return `Method not allowed; use GET. This is the HTTP+SSE endpoint for the assistant hub; MCP clients that speak Streamable HTTP connect to ${mcpPath}`;
}

/** The two routes of the lane, as plain Node handlers keyed by path. */
export function createSseLane(options: SseLaneOptions) {
  const messages = createMessagesHandler(options);
  const openStream = createOpenStreamHandler(options);
  const notHere = sseIsForTheHub(options.mcpPath ?? '/mcp');
  return {
    '/sse': function sse(req: IncomingMessage, res: ServerResponse) {
      // HEAD would open a stream that never sends its headers; newer clients probe with POST (405 → fall back).
      if (req.method !== 'GET') return methodNotAllowed(req, res, 'GET', notHere);
      openStream(req, res);
    },
    '/messages': function messagesRoute(req: IncomingMessage, res: ServerResponse) {
      if (req.method !== 'POST') return methodNotAllowed(req, res, 'POST');
      void messages(req, res);
    },
  };
}
