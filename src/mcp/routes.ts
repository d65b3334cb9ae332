// HTTP routes of the legacy HTTP+SSE transport (contract: Tool-server endpoints). Thin: framing, status
// codes and session lookup only; all protocol work happens in the SDK Server behind the transport.
import type { Request, Response, Router } from 'express';
import { BodyError, readJsonBody } from '../http/json-body';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '../logger';
import { DirectTransport } from './direct-transport';
import type { InFlight } from './in-flight';
import { errorBody, idOf, isJsonRpcMessage, isRequest, JsonRpcErrorCode } from './jsonrpc';
import type { SessionStore } from './sessions';

export interface McpRoutesOptions {
  sessions: SessionStore;
  /** Builds a fresh SDK Server; a direct POST gets its own, like a one-message session. */
  createServer: () => Server;
  maxBodyBytes: number;
  logger: Logger;
  /** True once shutdown began: new streams and messages are refused with 503. */
  isDraining: () => boolean;
  /** Direct requests count as in flight until their answer is written. */
  inFlight: InFlight;
}

/** What is safe to log of a message: never its params (arguments may hold personal data). */
function summary(message: JSONRPCMessage) {
  return { id: 'id' in message ? message.id : undefined, method: 'method' in message ? message.method : undefined };
}

function methodNotAllowed(allow: string) {
  return (_req: Request, res: Response) => {
    res.status(405).set('Allow', allow).json(errorBody(JsonRpcErrorCode.InvalidRequest, `Method not allowed; use ${allow}`));
  };
}

/**
 * Adds GET /sse and POST /messages to `router` (the app itself, on the hot path: a nested Router would
 * cost every message a second pass of route matching).
 */
export function mountMcpRoutes(
  router: Router,
  { sessions, createServer, maxBodyBytes, logger, isDraining, inFlight }: McpRoutesOptions,
): void {

  router.get('/sse', function openStream(req, res) {
    if (isDraining()) {
      res.status(503).json(errorBody(JsonRpcErrorCode.ServerShuttingDown, 'Server is shutting down; reconnect shortly'));
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

  router.post('/messages', async function postMessage(req, res) {
    if (isDraining()) {
      req.resume();
      res.status(503).json(errorBody(JsonRpcErrorCode.ServerShuttingDown, 'Server is shutting down; retry shortly'));
      return;
    }
    let message: unknown;
    try {
      message = await readJsonBody(req, maxBodyBytes);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      const code = error.kind === 'parse' ? JsonRpcErrorCode.ParseError : JsonRpcErrorCode.InvalidRequest;
      res.status(error.status).json(errorBody(code, error.message));
      return;
    }
    const sessionId = req.query.sessionId;
    if (sessionId !== undefined && typeof sessionId !== 'string') {
      res.status(400).json(errorBody(JsonRpcErrorCode.InvalidRequest, 'sessionId must be given once', idOf(message)));
      return;
    }
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && !session) {
      // 404 makes clients reconnect; a 400 would leave them retrying a dead session.
      res.status(404).json(errorBody(JsonRpcErrorCode.SessionNotFound, 'Session not found; open a new one with GET /sse', idOf(message)));
      return;
    }
    if (!isJsonRpcMessage(message)) {
      res.status(400).json(errorBody(JsonRpcErrorCode.InvalidRequest, 'Body must be one JSON-RPC 2.0 message object', idOf(message)));
      return;
    }

    if (logger.isLevelEnabled('trace')) logger.trace({ req, sessionId: session?.id, rpc: summary(message) }, 'message received');
    if (session) {
      // Contract, Responses rule 4: 202 with an empty body; the answer goes on the stream.
      sessions.deliver(session, message, req.headers);
      res.status(202).end();
      return;
    }
    const transport = new DirectTransport();
    const server = createServer();
    await server.connect(transport);
    if (!isRequest(message)) {
      transport.onmessage?.(message, { requestInfo: { headers: req.headers } });
      res.status(202).end();
      void server.close();
      return;
    }
    res.on('close', () => void server.close());
    inFlight.begin();
    try {
      const answer = await transport.exchange(message, req.headers);
      res.status(200).json(answer);
    } finally {
      inFlight.end();
    }
  });
  router.all('/messages', methodNotAllowed('POST'));
}
