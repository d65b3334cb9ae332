// The HTTP plumbing both lanes share: refusing while draining, reading one JSON-RPC body (its errors
// answered in JSON), and running a request whose answer goes into this response. No protocol here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyError, readJsonBody } from '../http/json-body';
import { sendJson } from '../http/send-json';
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
  /** Counts bodies refused as too large (reason "size"). */
  metrics: Metrics;
}

export function createLaneHttp({ core, calls, maxBodyBytes, writeTimeoutMs, isDraining, metrics }: LaneHttpOptions) {
  /** Each answered-in-response request is its own scope of the call tracker (unique in this process). */
  let requests = 0;
  return {
    /** Answers 503 and returns true once shutdown began. */
    refusedWhileDraining(req: IncomingMessage, res: ServerResponse): boolean {
      if (!isDraining()) return false;
      req.resume();
      sendJson(res, 503, errorBody(JsonRpcErrorCode.ServerUnavailable, 'Server is shutting down; retry shortly'), { 'Retry-After': '5' });
      return true;
    },

    /** The parsed body, or undefined once a framing error (400/413/415, JSON body) has been answered. */
    async readBody(req: IncomingMessage, res: ServerResponse): Promise<{ body: unknown } | undefined> {
      try {
        return { body: await readJsonBody(req, maxBodyBytes) };
      } catch (error) {
        if (!(error instanceof BodyError)) throw error;
        if (error.kind === 'too-large') metrics.refused('size');
        const code = error.kind === 'parse' ? JsonRpcErrorCode.ParseError : JsonRpcErrorCode.InvalidRequest;
        sendJson(res, error.status, errorBody(code, error.message));
        return undefined;
      }
    },

    /**
     * Runs one request whose answer goes into `res`: counted for shutdown, aborted (with its upstream
     * request) when the client leaves, and written with `write` unless it was aborted.
     */
    async answerInResponse(
      res: ServerResponse,
      message: JsonRpcRequest,
      from: Pick<CoreContext, 'headers' | 'clientAddress' | 'notify' | 'principal'>,
      write: (answer: JsonRpcResponse) => void,
    ): Promise<void> {
      const scope = `r${(requests += 1)}`;
      const signal = calls.begin(scope, message.id)!;
      res.on('close', () => {
        if (!res.writableFinished) signal.abort();
      });
      const ctx: CoreContext = { headers: from.headers, signal, clientAddress: from.clientAddress };
      if (from.notify) ctx.notify = from.notify;
      if (from.principal) ctx.principal = from.principal;
      const answer = await core.request(message, ctx);
      calls.end(scope, message.id);
      if (signal.aborted) return;
      write(answer);
      // What the kernel did not take at once waits for the client: if it does not read, the socket goes.
      if (res.writableLength > 0) res.setTimeout(writeTimeoutMs, () => res.destroy());
    },
  };
}
