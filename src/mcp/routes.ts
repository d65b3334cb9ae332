// The transport's routes on the express app (contract: Tool-server endpoints): GET /sse opens a session;
// POST /messages is the plain handler in ./post-message; other methods get 405 with Allow.
import type { Request, Response, Router } from 'express';
import type { Logger } from '../logger';
import { errorBody, JsonRpcErrorCode } from './jsonrpc';
import type { PostMessageHandler } from './post-message';
import type { SessionStore } from './sessions';

export interface McpRoutesOptions {
  sessions: SessionStore;
  /** Open streams at most (MAX_SESSIONS). */
  maxSessions: number;
  postMessage: PostMessageHandler;
  logger: Logger;
  /** True once shutdown began: new streams are refused with 503. */
  isDraining: () => boolean;
}

function methodNotAllowed(allow: string) {
  return function methodNotAllowed(_req: Request, res: Response) {
    res.status(405).set('Allow', allow).json(errorBody(JsonRpcErrorCode.InvalidRequest, `Method not allowed; use ${allow}`));
  };
}

/** Adds the routes to `router` (the app itself: a nested Router would cost every message a second match). */
export function mountMcpRoutes(
  router: Router,
  { sessions, maxSessions, postMessage, logger, isDraining }: McpRoutesOptions,
): void {
  // Express would hand HEAD to the GET handler, and open a stream that never sends its headers.
  router.head('/sse', methodNotAllowed('GET'));
  router.get('/sse', function openStream(req, res) {
    if (isDraining()) {
      res.status(503).json(errorBody(JsonRpcErrorCode.ServerUnavailable, 'Server is shutting down; reconnect shortly'));
      return;
    }
    if (sessions.size >= maxSessions) {
      logger.warn({ sessions: sessions.size }, 'MAX_SESSIONS reached: refusing a new stream');
      res.status(503).set('Retry-After', '5').json(errorBody(JsonRpcErrorCode.ServerUnavailable, 'Too many open sessions; retry shortly'));
      return;
    }
    // A stream lives as long as the hub keeps it; no idle time-out on its socket.
    req.socket.setTimeout(0);
    const session = sessions.open(res);
    if (logger.isLevelEnabled('debug')) {
      logger.debug({ sessionId: session.id, sessions: sessions.size }, 'sse session opened');
      res.on('close', () => logger.debug({ sessionId: session.id, sessions: sessions.size }, 'sse session closed'));
    }
  });
  router.all('/sse', methodNotAllowed('GET'));
  router.post('/messages', (req, res) => postMessage(req, res));
  router.all('/messages', methodNotAllowed('POST'));
}
