// The HTTP plumbing both lanes share: refusing while draining, reading one JSON-RPC body (its errors
// answered in JSON), and running a request whose answer goes into this response. No protocol here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stoppedByShutdown } from '../call-signal';
import { readJson } from '../http/json-body';
import { sendJson } from '../http/send-json';
import type { BodySlots } from '../limits';
import { NO_REFUSAL_LOG, type RefusalLog } from '../logging/refusals';
import type { CallTracker } from '../sessions';
import type { Metrics } from '../telemetry';
import { errorBody, JsonRpcErrorCode, type CoreContext, type JsonRpcRequest, type JsonRpcResponse, type ProtocolCore, type RequestId } from './core';

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
  /** Bodies being received at once, per client and in all, shared by both lanes. */
  bodies: BodySlots;
  /** Where each refusal's cause is logged, rate-limited (src/logging/refusals.ts); each lane makes one from its logger by default. */
  refusals?: RefusalLog;
}

/** What readBody resolves with once it has answered the request itself (refused or unreadable body). */
export const UNREAD: unique symbol = Symbol('request answered: body unread');

/** The slot of a body that has already arrived whole: nothing to hold or release. */
const RECEIVED = { ok: true, release: () => undefined } as const;

/** The answer to a request that came while the server drains: the proxy or client retries it on another replica. */
const DRAINING = 'Server is shutting down; retry shortly';

export function createLaneHttp({ core, calls, maxBodyBytes, writeTimeoutMs, isDraining, metrics, clientOf, bodies, refusals = NO_REFUSAL_LOG }: LaneHttpOptions) {
  /** Answers `status` with a JSON body and logs the refusal's cause (rate-limited). */
  function refuse(req: IncomingMessage, res: ServerResponse, status: number, cause: string, answer: JsonRpcResponse, headers?: Record<string, string>): void {
    sendJson(res, status, answer, headers);
    refusals.refused(req, status, cause);
  }

  return {
    refuse,

    /** Answers 503 and returns true once shutdown began; the body is left unread. */
    refusedWhileDraining(req: IncomingMessage, res: ServerResponse): boolean {
      if (!isDraining()) return false;
      req.resume();
      refuse(req, res, 503, 'draining', errorBody(JsonRpcErrorCode.ServerUnavailable, DRAINING), { 'Retry-After': '5' });
      return true;
    },

    /** Whether shutdown began. */
    isDraining,

    /** The 503 of a request whose body was read while draining: with its id, which the client waits on. */
    refuseDraining(req: IncomingMessage, res: ServerResponse, id: RequestId | null): void {
      refuse(req, res, 503, 'draining', errorBody(JsonRpcErrorCode.ServerUnavailable, DRAINING, id), { 'Retry-After': '5' });
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
          refuse(req, res, 429, 'bodies-per-client', errorBody(JsonRpcErrorCode.ServerUnavailable, 'This client is sending too many request bodies at once; retry shortly'), { 'Retry-After': '1' });
        } else {
          refuse(req, res, 503, 'bodies-at-capacity', errorBody(JsonRpcErrorCode.ServerUnavailable, 'Too many request bodies are being received; retry shortly'), { 'Retry-After': '1' });
        }
        return Promise.resolve(UNREAD);
      }
      return new Promise((resolve) => {
        readJson(req, maxBodyBytes, (error, body) => {
          slot.release(); // read, refused or abandoned: readJson ends on end, error or the socket's loss
          if (error === undefined) return resolve(body);
          if (error.kind === 'too-large') metrics.refused('size');
          const code = error.kind === 'parse' ? JsonRpcErrorCode.ParseError : JsonRpcErrorCode.InvalidRequest;
          // body-parse, body-too-large, body-too-deep, body-media-type, body-aborted
          refuse(req, res, error.status, `body-${error.kind}`, errorBody(code, error.message));
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
