// The HTTP plumbing both lanes share: refusing while draining, reading one JSON-RPC body (its errors
// answered in JSON), and running a request whose answer goes into this response. No protocol here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stoppedByShutdown } from '../call-signal';
import { readJson } from '../http/json-body';
import { sendJson } from '../http/send-json';
import type { BodySlots } from '../limits';
import type { CallTracker } from '../sessions';
import type { Metrics } from '../telemetry';
import { errorBody, JsonRpcErrorCode, type CoreContext, type JsonRpcRequest, type JsonRpcResponse, type ProtocolCore } from './core';

export interface LaneHttpOptions {
  core: ProtocolCore;
  calls: CallTracker;
  maxBodyBytes: number;
  /** A direct answer not taken by its reader within this time is dropped and its socket destroyed. */
  writeTimeoutMs: number;
  /** True once shutdown began: new messages are refused with 503. */
  isDraining: () => boolean;
  /** Counts bodies refused as too large (reason "size") and beyond the body slots ("bodies", "capacity"). */
  metrics: Metrics;
  /** The client's address as the door resolved it (X-Forwarded-For from trusted proxies only). */
  clientOf: (req: IncomingMessage) => string;
  /** Bodies being received at once, per client and in all, shared by both lanes (issue 20). */
  bodies: BodySlots;
}

/** What readBody resolves with once it has answered the request itself (refused or unreadable body). */
export const UNREAD: unique symbol = Symbol('request answered: body unread');

/** The slot of a body that has already arrived whole: nothing to hold or release. */
const RECEIVED = { ok: true, release: () => undefined } as const;

export function createLaneHttp({ core, calls, maxBodyBytes, writeTimeoutMs, isDraining, metrics, clientOf, bodies }: LaneHttpOptions) {
  return {
    /** Answers 503 and returns true once shutdown began. */
    refusedWhileDraining(req: IncomingMessage, res: ServerResponse): boolean {
      if (!isDraining()) return false;
      req.resume();
      sendJson(res, 503, errorBody(JsonRpcErrorCode.ServerUnavailable, 'Server is shutting down; retry shortly'), { 'Retry-After': '5' });
      return true;
    },

    /**
     * The parsed body, or UNREAD once a refusal (429/503 beyond the body slots) or a framing error
     * (400/413/415) has been answered, with a JSON body.
     */
    readBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
      // A body that has arrived whole (its last byte parsed, e.g. while a bearer token was verified) is
      // no longer being received: the slots bound bodies still arriving, so it needs none.
      const slot = req.complete ? RECEIVED : bodies.take(clientOf(req));
      if (!slot.ok) {
        // Refused before a byte of the body is kept: the rest is read and dropped as it comes.
        req.resume();
        metrics.refused(slot.refusal === 'client' ? 'bodies' : 'capacity');
        if (slot.refusal === 'client') {
          sendJson(res, 429, errorBody(JsonRpcErrorCode.ServerUnavailable, 'This client is sending too many request bodies at once; retry shortly'), { 'Retry-After': '1' });
        } else {
          sendJson(res, 503, errorBody(JsonRpcErrorCode.ServerUnavailable, 'Too many request bodies are being received; retry shortly'), { 'Retry-After': '1' });
        }
        return Promise.resolve(UNREAD);
      }
      return new Promise((resolve) => {
        readJson(req, maxBodyBytes, (error, body) => {
          slot.release(); // read, refused or abandoned: readJson ends on end, error or the socket's loss
          if (error === undefined) return resolve(body);
          if (error.kind === 'too-large') metrics.refused('size');
          const code = error.kind === 'parse' ? JsonRpcErrorCode.ParseError : JsonRpcErrorCode.InvalidRequest;
          sendJson(res, error.status, errorBody(code, error.message));
          resolve(UNREAD);
        });
      });
    },

    /**
     * Runs one request whose answer goes into `res`: counted for shutdown, aborted (with its upstream
     * request) when the client leaves, and written with `write` unless it was aborted.
     */
    async answerInResponse(
      res: ServerResponse,
      message: JsonRpcRequest,
      from: Pick<CoreContext, 'headers' | 'clientAddress' | 'notify' | 'principal' | 'credentials'>,
      write: (answer: JsonRpcResponse) => void,
    ): Promise<void> {
      // Nothing else can name this request (no session, no cancellation by id): counted, not looked up.
      const signal = calls.beginUnnamed();
      res.on('close', () => {
        if (!res.writableFinished) signal.abort();
      });
      const ctx: CoreContext = { headers: from.headers, signal, clientAddress: from.clientAddress };
      if (from.notify) ctx.notify = from.notify;
      if (from.principal) ctx.principal = from.principal;
      if (from.credentials) ctx.credentials = from.credentials;
      const answer = await core.request(message, ctx);
      calls.endUnnamed(signal);
      // A client that left reads nothing; a call stopped by shutdown is answered before the socket closes.
      if (signal.aborted && !stoppedByShutdown(signal)) return;
      write(answer);
      // What the kernel did not take at once waits for the client: if it does not read, the socket goes.
      if (res.writableLength > 0) res.setTimeout(writeTimeoutMs, () => res.destroy());
    },
  };
}
