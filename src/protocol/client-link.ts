// What a tools/call may send to its client while it runs, on the lane that carried it: notifications
// (progress, log messages) and server-to-client requests (elicitation, sampling). Built by the core for
// one call; absent on a lane with no channel to the client (the hub's lane, a JSON-only POST).
import type { LogLevel } from './log-levels';

export type ClientRequestMethod = 'elicitation/create' | 'sampling/createMessage';

export interface ClientLink {
  /** The lowest level the client asked to receive for this call; undefined: no log messages. */
  readonly logLevel: LogLevel | undefined;
  /** Sends a notification on the call's channel. */
  notify(method: string, params: Record<string, unknown>): void;
  /**
   * Sends a request to the client and resolves with its result; rejects with a ClientRequestError when
   * the client answers with an error, does not answer in time, or the call ends. Undefined when this
   * client cannot be asked (it did not declare the capability, or the lane cannot carry a request).
   */
  request?(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** Why a request to the client got no result: its error answer (with code), a time-out, or the call's end. */
export class ClientRequestError extends Error {
  override name = 'ClientRequestError';
  constructor(
    readonly reason: 'error' | 'timeout' | 'ended',
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/**
 * Thrown by a 2026-07-28 call's `request` for a question not answered yet: the core ends the round with an
 * `input_required` result carrying it, and the handler runs again, from the start, when the client retries.
 */
export class InputRequired extends Error {
  override name = 'InputRequired';
  constructor(
    readonly key: string,
    readonly inputRequest: { method: ClientRequestMethod; params: Record<string, unknown> },
    /** Every answer the handler has used so far, to carry in the next state. */
    readonly answers: Record<string, unknown>,
  ) {
    super('The client must answer a question first');
  }
}
