// GET /sse (contract: Tool-server endpoints): opens a stream whose first event names the messages path.
// Refused with 503 when the server is full or draining, 429 when this client holds its share of streams.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../../http/send-json';
import type { Logger } from '../../logger';
import { createRefusalLog, type RefusalLog } from '../../logging/refusals';
import type { Metrics } from '../../telemetry';
import { errorBody, JsonRpcErrorCode } from '../core';
import type { StreamRegistry } from './streams';

export interface OpenStreamOptions {
  streams: StreamRegistry;
  logger: Logger;
  isDraining: () => boolean;
  /** The client's address as the door resolved it (X-Forwarded-For from trusted proxies only). */
  clientOf: (req: IncomingMessage) => string;
  /** Counts refused streams (reason "capacity"). */
  metrics: Metrics;
  /** Where refusals are logged (src/logging/refusals.ts); by default one of this handler's own. */
  refusals?: RefusalLog;
}

export function createOpenStreamHandler({ streams, logger, isDraining, clientOf, metrics, refusals = createRefusalLog(logger) }: OpenStreamOptions) {
  return function openStream(req: IncomingMessage, res: ServerResponse): void {
    if (isDraining()) {
      sendJson(res, 503, errorBody(JsonRpcErrorCode.ServerUnavailable, 'Server is shutting down; reconnect shortly'), { 'Retry-After': '5' });
      return refusals.refused(req, 503, 'draining');
    }
    const opened = streams.open(req, res, clientOf(req));
    if (opened.ok) return;
    metrics.refused('capacity');
    // One line per cause a minute at most (a client retrying in a loop), with the setting to raise.
    if (opened.reason === 'capacity') {
      sendJson(res, 503, errorBody(JsonRpcErrorCode.ServerUnavailable, 'Too many open sessions; retry shortly'), { 'Retry-After': '5' });
      return refusals.refused(req, 503, 'max-sessions', { setting: 'MAX_SESSIONS', streams: streams.size });
    }
    sendJson(res, 429, errorBody(JsonRpcErrorCode.ServerUnavailable, 'This client holds too many open sessions; close one or retry later'), { 'Retry-After': '5' });
    refusals.refused(req, 429, 'max-streams-per-client', { setting: 'MAX_STREAMS_PER_CLIENT', streams: streams.size });
  };
}
