// The ClientLink of a 2026-07-28 tools/call: questions become a multi-round-trip result (`input_required`).
// The handler is replayed on each retry: its n-th question is answered from the state and the client's
// `inputResponses` (keys q1, q2, …); the first one without an answer ends the round (InputRequired).
import { ClientRequestError, InputRequired, type ClientLink, type ClientRequestMethod } from './client-link';
import type { JsonRpcNotification } from './jsonrpc';
import type { LogLevel } from './log-levels';

/** Which client capability each question needs (declared in the request's `_meta`). */
const CAPABILITY: Record<ClientRequestMethod, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling' };

export class ModernLink implements ClientLink {
  private asked = 0;

  constructor(
    private readonly send: ((message: JsonRpcNotification) => void) | undefined,
    readonly logLevel: LogLevel | undefined,
    private readonly capabilities: Record<string, unknown>,
    private readonly answers: Record<string, unknown>,
  ) {}

  notify(method: string, params: Record<string, unknown>): void {
    this.send?.({ jsonrpc: '2.0', method, params });
  }

  request = (method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>> => {
    if (typeof this.capabilities[CAPABILITY[method]] !== 'object') {
      return Promise.reject(new ClientRequestError('error', `the client did not declare ${CAPABILITY[method]}`, -32601));
    }
    const key = `q${++this.asked}`;
    const answer = this.answers[key];
    if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) return Promise.resolve(answer as Record<string, unknown>);
    const used: Record<string, unknown> = {};
    for (let i = 1; i < this.asked; i++) used[`q${i}`] = this.answers[`q${i}`];
    return Promise.reject(new InputRequired(key, { method, params }, used));
  };
}
