// The hub's lane: legacy HTTP+SSE (MCP 2024-11-05). GET /sse opens a stream, POST /messages carries calls.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http/send-json';
import { errorBody, JsonRpcErrorCode } from '../core';
import { createMessagesHandler, type MessagesOptions } from './messages';
import { createOpenStreamHandler, type OpenStreamOptions } from './open-stream';

export { StreamRegistry, type StreamLimits } from './streams';

export type SseLaneOptions = MessagesOptions & OpenStreamOptions;

export function methodNotAllowed(req: IncomingMessage, res: ServerResponse, allow: string): void {
  req.resume();
  sendJson(res, 405, errorBody(JsonRpcErrorCode.InvalidRequest, `Method not allowed; use ${allow}`), { Allow: allow });
}

/** The two routes of the lane, as plain Node handlers keyed by path. */
export function createSseLane(options: SseLaneOptions) {
  const messages = createMessagesHandler(options);
  const openStream = createOpenStreamHandler(options);
  return {
    '/sse': function sse(req: IncomingMessage, res: ServerResponse) {
      // HEAD would open a stream that never sends its headers; newer clients probe with POST (405 → fall back).
      if (req.method !== 'GET') return methodNotAllowed(req, res, 'GET');
      openStream(req, res);
    },
    '/messages': function messagesRoute(req: IncomingMessage, res: ServerResponse) {
      if (req.method !== 'POST') return methodNotAllowed(req, res, 'POST');
      void messages(req, res);
    },
  };
}
