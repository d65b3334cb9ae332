// POST /messages (contract: Tool-server endpoints). With a live sessionId: 202, empty body, the answer on
// the stream. Without one: the answer in the body. A plain Node handler: this is the path of every tool
// call, and express's routing would be most of its HTTP-layer cost. Framing and status codes only; the
// protocol work happens in the SDK Server behind the transport.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { BodyError, readJsonBody } from '../http/json-body';
import { sendJson } from '../http/send-json';
import type { Logger } from '../logger';
import { DirectTransport } from './direct-transport';
import type { InFlight } from './in-flight';
import { errorBody, idOf, isJsonRpcMessage, isRequest, JsonRpcErrorCode } from './jsonrpc';
import type { SessionStore } from './sessions';

export interface PostMessageOptions {
  sessions: SessionStore;
  /** Builds a fresh SDK Server; a direct POST gets its own, like a one-message session. */
  createServer: () => Server;
  maxBodyBytes: number;
  logger: Logger;
  /** True once shutdown began: new messages are refused with 503. */
  isDraining: () => boolean;
  /** Direct requests count as in flight until their answer is written. */
  inFlight: InFlight;
}

export type PostMessageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** What is safe to log of a message: never its params (arguments may hold personal data). */
function summary(message: JSONRPCMessage) {
  return { id: 'id' in message ? message.id : undefined, method: 'method' in message ? message.method : undefined };
}

/** The sessionId query parameter: undefined when absent, null when given more than once. */
function sessionIdOf(url: string): string | undefined | null {
  const start = url.indexOf('?');
  if (start === -1) return undefined;
  const values = new URLSearchParams(url.slice(start + 1)).getAll('sessionId');
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : null;
}

export function createPostMessageHandler(options: PostMessageOptions): PostMessageHandler {
  const { sessions, createServer, maxBodyBytes, logger, isDraining, inFlight } = options;

  async function answerDirectly(req: IncomingMessage, res: ServerResponse, message: JSONRPCMessage): Promise<void> {
    const transport = new DirectTransport();
    const server = createServer();
    await server.connect(transport);
    if (!isRequest(message)) {
      transport.onmessage?.(message, { requestInfo: { headers: req.headers } });
      res.writeHead(202).end();
      void server.close();
      return;
    }
    res.on('close', () => void server.close());
    inFlight.begin();
    try {
      const answer = await transport.exchange(message, req.headers);
      if (answer !== undefined) sendJson(res, 200, answer);
    } finally {
      inFlight.end();
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (isDraining()) {
      req.resume();
      return sendJson(res, 503, errorBody(JsonRpcErrorCode.ServerUnavailable, 'Server is shutting down; retry shortly'));
    }
    let message: unknown;
    try {
      message = await readJsonBody(req, maxBodyBytes);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      const code = error.kind === 'parse' ? JsonRpcErrorCode.ParseError : JsonRpcErrorCode.InvalidRequest;
      return sendJson(res, error.status, errorBody(code, error.message));
    }
    const sessionId = sessionIdOf(req.url ?? '');
    if (sessionId === null) {
      return sendJson(res, 400, errorBody(JsonRpcErrorCode.InvalidRequest, 'sessionId must be given once', idOf(message)));
    }
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (sessionId !== undefined && !session) {
      // 404 makes clients reconnect; a 400 would leave them retrying a dead session.
      const body = errorBody(JsonRpcErrorCode.SessionNotFound, 'Session not found; open a new one with GET /sse', idOf(message));
      return sendJson(res, 404, body);
    }
    if (!isJsonRpcMessage(message)) {
      const body = errorBody(JsonRpcErrorCode.InvalidRequest, 'Body must be one JSON-RPC 2.0 message object', idOf(message));
      return sendJson(res, 400, body);
    }
    if (logger.isLevelEnabled('trace')) logger.trace({ req, sessionId, rpc: summary(message) }, 'message received');
    if (!session) return answerDirectly(req, res, message);
    // Contract, Responses rule 4: 202 with an empty body; the answer goes on the stream. The 202 is
    // written once the call has been dispatched (after its first synchronous steps, which send the
    // request to the customer API), so that request does not wait behind this socket write.
    sessions.deliver(session, message, req.headers);
    setImmediate(() => res.writeHead(202).end());
  }

  return async function postMessage(req, res) {
    try {
      await handle(req, res);
    } catch (error) {
      logger.error({ err: error }, 'POST /messages failed');
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, errorBody(JsonRpcErrorCode.InternalError, 'Internal error'));
    }
  };
}
