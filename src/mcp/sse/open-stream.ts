// GET /sse (contract: Tool-server endpoints): opens a stream whose first event names the messages path.
// Refused with 503 when the server is full or draining, 429 when this client holds its share of streams.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http/send-json';
import type { Logger } from '../../logger';
import { errorBody, JsonRpcErrorCode } from '../core';
import type { StreamRegistry } from './streams';

export interface OpenStreamOptions {
  streams: StreamRegistry;
  logger: Logger;
  isDraining: () => boolean;
  /** The client's address as the door resolved it (X-Forwarded-For from trusted proxies only). */
  clientOf: (req: IncomingMessage) => string;
}

export function createOpenStreamHandler({ streams, logger, isDraining, clientOf }: OpenStreamOptions) {
  return function openStream(req: IncomingMessage, res: ServerResponse): void {
    if (isDraining()) {
      return sendJson(res, 503, errorBody(JsonRpcErrorCode.ServerUnavailable, 'Server is shutting down; reconnect shortly'), { 'Retry-After': '5' });
    }
    const opened = streams.open(req, res, clientOf(req));
    if (opened.ok) return;
    if (opened.reason === 'capacity') {
      logger.warn({ streams: streams.size }, 'MAX_SESSIONS reached: refusing a new stream');
      return sendJson(res, 503, errorBody(JsonRpcErrorCode.ServerUnavailable, 'Too many open sessions; retry shortly'), { 'Retry-After': '5' });
    }
    logger.warn({ streams: streams.size }, 'MAX_STREAMS_PER_CLIENT reached: refusing a new stream');
    sendJson(res, 429, errorBody(JsonRpcErrorCode.ServerUnavailable, 'This client holds too many open sessions; close one or retry later'), { 'Retry-After': '5' });
  };
}
