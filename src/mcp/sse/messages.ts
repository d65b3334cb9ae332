// POST /messages (contract: Tool-server endpoints). With a live sessionId: 202, empty body, the answer on
// the session's stream (through the bus, wherever the stream is held). Without one: the answer in the
// body. Framing and status codes only; the protocol is the core's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendAccepted, sendJson } from '../../http/send-json';
import type { Logger } from '../../logger';
import { BusUnavailableError, type Location, type SessionBus } from '../../sessions';
import { classify, errorBody, idOf, isParamsError, JsonRpcErrorCode, type JsonRpcRequest } from '../core';
import { createLaneHttp, UNREAD, type LaneHttpOptions } from '../lane-http';
import { createRefusalLog } from '../../logging/refusals';
import { sessionTag } from '../../logging/session-tag';
import { NOTHING_TO_RUN, stoppedByShutdown } from '../../call-signal';

export interface MessagesOptions extends LaneHttpOptions {
  /** The client's address as the door resolved it (X-Forwarded-For from trusted proxies only). */
  clientOf: (req: IncomingMessage) => string;
  bus: SessionBus;
  logger: Logger;
}

/** The sessionId query parameter: undefined when absent, null when given more than once. */
function sessionIdOf(url: string): string | undefined | null {
  const start = url.indexOf('?');
  if (start === -1) return undefined;
  const values = new URLSearchParams(url.slice(start + 1)).getAll('sessionId');
  return values.length === 0 ? undefined : values.length === 1 ? values[0] : null;
}

/** Whether a body names an id at all (usable or not). */
function hasId(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Object.hasOwn(body, 'id');
}

export function createMessagesHandler(options: MessagesOptions) {
  const { core, bus, calls, logger, clientOf } = options;
  const http = createLaneHttp({ ...options, refusals: options.refusals ?? createRefusalLog(logger) });

  /** Runs a request of a session here and delivers its answer to the session's stream. */
  function runForSession(sessionId: string, message: JsonRpcRequest, req: IncomingMessage): void {
    const signal = calls.begin(sessionId, message.id);
    if (!signal) {
      bus.deliver(sessionId, errorBody(JsonRpcErrorCode.InvalidRequest, 'A request with this id is already running', message.id));
      return;
    }
    const ctx = {
      headers: req.headers,
      signal,
      clientAddress: clientOf(req),
      notify: (notification: object) => bus.deliver(sessionId, notification),
      cancel: (requestId: string | number) => bus.cancel(sessionId, requestId),
    };
    void core.request(message, ctx).then((answer) => {
      // MCP cancellation: a cancelled request gets no answer; a closed stream has nobody to read one. A call
      // stopped by shutdown is answered (its stream may be held by a process that stays).
      if (!signal.aborted || stoppedByShutdown(signal)) bus.deliver(sessionId, answer);
      calls.end(sessionId, message.id);
    });
  }

  async function answerDirectly(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const classified = classify(body);
    // A framing error is 400; a request whose params MCP cannot take is answered as its method's errors are (200).
    if (classified.kind === 'invalid') {
      if (isParamsError(classified)) return sendJson(res, 200, classified.answer);
      return http.refuse(req, res, 400, 'invalid-message', classified.answer);
    }
    if (classified.kind !== 'request') {
      if (classified.kind === 'notification') core.notification(classified.message, { headers: req.headers, signal: NOTHING_TO_RUN });
      sendAccepted(res);
      return;
    }
    await http.answerInResponse(res, classified.message, { headers: req.headers, clientAddress: clientOf(req) }, (answer) => sendJson(res, 200, answer));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await http.readBody(req, res);
    if (body === UNREAD) return;
    // Refused after the body is read, so the 503 names the request's id: the hub matches answers by id,
    // and one with id null is an answer to nothing it sent (a rolling restart's refusals).
    if (http.isDraining()) return http.refuseDraining(req, res, idOf(body));
    const sessionId = sessionIdOf(req.url ?? '');
    if (sessionId === null) {
      return http.refuse(req, res, 400, 'session-id-repeated', errorBody(JsonRpcErrorCode.InvalidRequest, 'sessionId must be given once', idOf(body)));
    }
    if (sessionId === undefined) return answerDirectly(req, res, body);

    let where: Location;
    try {
      where = await bus.locate(sessionId);
    } catch (error) {
      if (!(error instanceof BusUnavailableError)) throw error;
      // Refused now rather than accepted and lost (or run for a holder that may be gone): the hub retries.
      const text = 'Sessions cannot be routed right now; retry shortly';
      return http.refuse(req, res, 503, 'session-bus-unavailable', errorBody(JsonRpcErrorCode.ServerUnavailable, text, idOf(body)), { 'Retry-After': String(error.retryAfterS) });
    }
    if (where === 'gone') {
      // 404 makes clients reconnect; a 400 would leave them retrying a dead session.
      const text = 'Session not found; open a new one with GET /sse';
      return http.refuse(req, res, 404, 'session-not-found', errorBody(JsonRpcErrorCode.SessionNotFound, text, idOf(body)));
    }
    const classified = classify(body);
    // An id the answer cannot repeat (longer than MAX_ID_LENGTH, or not a string or number) would come back
    // on the stream as id null, matching nothing the client waits for: refused here, in this answer.
    if (classified.kind === 'invalid' && classified.id === null && hasId(body)) return http.refuse(req, res, 400, 'unechoable-id', classified.answer);
    if (logger.isLevelEnabled('trace')) {
      const id = classified.kind === 'invalid' ? classified.id : 'id' in classified.message ? classified.message.id : undefined;
      const method = classified.kind === 'request' || classified.kind === 'notification' ? classified.message.method.slice(0, 100) : undefined;
      logger.trace({ session: sessionTag(sessionId), rpc: { id, method }, headers: req.headers }, 'message received');
    }
    switch (classified.kind) {
      case 'request':
        runForSession(sessionId, classified.message, req);
        break;
      case 'notification':
        core.notification(classified.message, {
          headers: req.headers,
          signal: NOTHING_TO_RUN,
          cancel: (requestId) => bus.cancel(sessionId, requestId),
        });
        break;
      case 'invalid':
        // Answered on the channel the request came on: the stream.
        bus.deliver(sessionId, classified.answer);
        break;
      case 'response':
        break; // this server sends no requests, so no response is awaited
    }
    // Contract, Responses rule 4: 202 with an empty body. Written after the call is dispatched: a tool's
    // first request to the customer API leaves synchronously within runForSession, before this write.
    sendAccepted(res);
  }

  return async function postMessages(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      await handle(req, res);
    } catch (error) {
      logger.error({ err: error }, 'POST /messages failed');
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, errorBody(JsonRpcErrorCode.InternalError, 'Internal error'));
    }
  };
}
