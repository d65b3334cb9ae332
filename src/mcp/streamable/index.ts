// The modern lane: MCP Streamable HTTP at POST /mcp, stateless, for 2026-07-28 clients (per-request
// `_meta`, server/discover) and 2025-era clients (initialize, then calls). GET and DELETE answer 405, as
// stateless servers do. Framing only: the protocol is the core's, credentials come from this request.
// With MCP_AUTH=oauth every POST carries a bearer token checked before its body is read (src/auth).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LaneAuth } from '../../auth';
import { isLater } from '../../auth/now-or-later';
import type { PreparedCredentials, Principal } from '../../auth/principal';
import { NOTHING_TO_RUN } from '../../call-signal';
import { lastAnswer } from '../../http/last-answer';
import { sendAccepted, sendJson } from '../../http/send-json';
import type { Logger } from '../../logger';
import { createRefusalLog } from '../../logging/refusals';
import { classify, declaresViews, errorBody, JsonRpcErrorCode, type JsonRpcResponse } from '../core';
import { viewSessionId } from '../core/view-session';
import { createLaneHttp, UNREAD, type LaneHttpOptions } from '../lane-http';
import { edge } from './edge';
import { Exchange } from './respond';

export interface StreamableLaneOptions extends LaneHttpOptions {
  /** The client's address as the door resolved it. */
  clientOf: (req: IncomingMessage) => string;
  logger: Logger;
  /** MCP_AUTH=oauth: the token and scope checks. Absent: headers mode, as before. */
  auth?: LaneAuth;
}

interface Accept {
  readonly ok: boolean;
  readonly stream: boolean;
}

const ANY_ACCEPT: Accept = Object.freeze({ ok: true, stream: false });

/** Accept must allow JSON or an event stream (a missing Accept allows anything); the same value is judged once. */
const judgeAccept = lastAnswer((accept): Accept => {
  const json = /application\/json|application\/\*|\*\/\*/i.test(accept);
  const stream = /text\/event-stream|text\/\*|\*\/\*/i.test(accept);
  return Object.freeze({ ok: json || stream, stream });
});
function acceptOf(req: IncomingMessage): Accept {
  const accept = req.headers.accept;
  return accept === undefined ? ANY_ACCEPT : judgeAccept(accept);
}

/**
 * JSON-RPC errors answered after dispatch stay in-band (200), except an unsupported revision (400) and a
 * bus that cannot check a requestState (503: the client retries; the state is not used up).
 */
function statusOf(answer: JsonRpcResponse): number {
  if (!('error' in answer)) return 200;
  const { code } = answer.error;
  return code === JsonRpcErrorCode.UnsupportedProtocolVersion ? 400 : code === JsonRpcErrorCode.ServerUnavailable ? 503 : 200;
}

const RETRY_SHORTLY = Object.freeze({ 'Retry-After': '1' });

/** The refusal log's cause of an edge rejection, by its JSON-RPC code. */
const EDGE_CAUSES: Readonly<Record<number, string>> = {
  [JsonRpcErrorCode.ParseError]: 'parse-error',
  [JsonRpcErrorCode.InvalidRequest]: 'invalid-request',
  [JsonRpcErrorCode.MethodNotFound]: 'method-not-found',
  [JsonRpcErrorCode.HeaderMismatch]: 'header-mismatch',
  [JsonRpcErrorCode.UnsupportedProtocolVersion]: 'unsupported-protocol-version',
};

function edgeCause(answer: JsonRpcResponse): string {
  return ('error' in answer ? EDGE_CAUSES[answer.error.code] : undefined) ?? 'edge-refusal';
}

/**
 * An initialize the core answered with the MCP Apps extension (the client declared it): an Mcp-Session-Id
 * its later requests carry, by which a resources/read of a view knows to answer the view (../core/view-session.ts).
 */
function initializeHeaders(method: string, answer: JsonRpcResponse): Record<string, string> | undefined {
  if (method !== 'initialize' || !('result' in answer)) return undefined;
  return declaresViews((answer.result as { capabilities?: unknown }).capabilities) ? { 'Mcp-Session-Id': viewSessionId() } : undefined;
}

export function createStreamableLane(options: StreamableLaneOptions) {
  const { core, clientOf, logger, auth } = options;
  const refusals = options.refusals ?? createRefusalLog(logger);
  const http = createLaneHttp({ ...options, refusals });

  /**
   * A client's answer to a request this server sent (elicitation, sampling): 202 once the call waiting
   * for it took it; 404 for an id nothing here waits for (unknown, expired, or another caller's: the same
   * answer, so nobody learns which ids exist).
   */
  async function answerFromClient(body: unknown, req: IncomingMessage, res: ServerResponse, principal: Principal | undefined): Promise<void> {
    const classified = classify(body);
    if (classified.kind !== 'response') return void sendAccepted(res);
    let outcome: string;
    try {
      outcome = await core.answer(classified.message, { headers: req.headers, principal });
    } catch {
      // The bus cannot say where the question waits (Redis down): the client may retry.
      return http.refuse(req, res, 503, 'answer-unroutable', errorBody(JsonRpcErrorCode.ServerUnavailable, 'Cannot route this answer right now; retry shortly', classified.message.id), { 'Retry-After': '1' });
    }
    if (outcome === 'routed' && logger.isLevelEnabled('debug')) logger.debug({ rpc: { answer: true } }, 'client answer routed to the process whose call waits for it');
    if (outcome === 'taken' || outcome === 'routed') return void sendAccepted(res);
    http.refuse(req, res, 404, 'answer-unawaited', errorBody(JsonRpcErrorCode.InvalidParams, 'No request of this server waits for an answer with this id (unknown, expired or already answered)', classified.message.id));
  }

  /** One POST /mcp. Never rejects: a failure is answered (500) or, once the answer has begun, ends the connection. */
  async function post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (http.refusedWhileDraining(req, res)) return;
      const accept = acceptOf(req);
      if (!accept.ok) {
        req.resume();
        return http.refuse(req, res, 406, 'not-acceptable', errorBody(JsonRpcErrorCode.InvalidRequest, 'Not Acceptable: Accept must include application/json or text/event-stream'));
      }
      let principal: Principal | undefined;
      if (auth) {
        // A cached token's caller is known at once; only a token being verified is awaited.
        const checked = auth.authenticate(req, res);
        principal = isLater(checked) ? await checked : checked;
        if (!principal) return; // 401 or 503 answered, body unread
      }
      const body = await http.readBody(req, res);
      if (body === UNREAD) return;
      const route = edge(body, req.headers, core.knows);
      switch (route.kind) {
        case 'reject':
          // A params error is answered in-band (200) like any method's; the rest are refusals at the edge.
          if (route.status < 400) return sendJson(res, route.status, route.answer);
          return http.refuse(req, res, route.status, edgeCause(route.answer), route.answer);
        case 'ignore':
          return answerFromClient(body, req, res, principal);
        case 'notification':
          // Stateless: there is no session whose calls a cancellation could name; a client leaving aborts instead.
          core.notification(route.message, { headers: req.headers, signal: NOTHING_TO_RUN });
          return void sendAccepted(res);
      }
      const { message } = route;
      // The scopes are checked here, before dispatch, because a refusal is HTTP 403 with a challenge.
      if (principal && !auth!.permits(message, principal, res)) return;
      // The API's credentials before the call runs: a client token the authorization server refuses to
      // exchange is HTTP 401, so the client refreshes it. Cached ones are known at once.
      let credentials: PreparedCredentials | undefined;
      if (principal && message.method === 'tools/call') {
        const prepared = auth!.credentialsFor(principal, res);
        credentials = isLater(prepared) ? await prepared : prepared;
        if (credentials === undefined) return; // 401 answered
      }
      if (logger.isLevelEnabled('trace')) {
        logger.trace({ rpc: { id: message.id, method: message.method.slice(0, 100) }, headers: req.headers }, 'message received');
      }
      const exchange = new Exchange(res, accept.stream, req.headers['accept-encoding']);
      const from = {
        headers: req.headers,
        clientAddress: clientOf(req),
        notify: exchange.notifies ? (notification: object) => exchange.notify(notification) : undefined,
        principal,
        credentials,
      };
      await http.answerInResponse(res, message, from, (answer) => {
        const status = statusOf(answer);
        exchange.answer(status, answer, status === 503 ? RETRY_SHORTLY : initializeHeaders(message.method, answer));
      });
    } catch (error) {
      logger.error({ err: error }, 'POST /mcp failed');
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, errorBody(JsonRpcErrorCode.InternalError, 'Internal error'));
    }
  }

  return {
    '/mcp': function mcp(req: IncomingMessage, res: ServerResponse): void {
      if (req.method !== 'POST') {
        req.resume();
        // Stateless serving: no standalone stream (GET) and no session to end (DELETE).
        return http.refuse(req, res, 405, 'method-not-allowed', errorBody(-32000, 'Method not allowed; use POST (this server is stateless: no stream to open with GET, no session to end with DELETE).'), { Allow: 'POST' });
      }
      // post() handles its own failures: no rejection handler (and its reaction) per call.
      void post(req, res);
    },
  };
}
