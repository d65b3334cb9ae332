// The ClientLink of a 2026-07-28 tools/call: questions become a multi-round-trip result (`input_required`).
// The handler is replayed on each retry: its n-th question is answered from the state and the client's
// `inputResponses` (keys q1, q2, …); the first one without an answer ends the round (InputRequired).
import { ClientRequestError, InputRequired, type ClientLink, type ClientRequestMethod } from '../../protocol/client-link';
import { JsonRpcError, JsonRpcErrorCode, type JsonRpcNotification } from '../../protocol/jsonrpc';
import type { LogLevel } from '../../protocol/log-levels';
import type { IncomingHttpHeaders } from 'node:http';
import type { Principal } from '../../auth/principal';
import { ownerOf } from './owner';
import type { Opened, RequestStateCodec, StateBinding } from './request-state';
import { META } from '../../protocol/versions';

/** Which client capability each question needs (declared in the request's `_meta`). */
const CAPABILITY: Record<ClientRequestMethod, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling' };

export class ModernLink implements ClientLink {
  private asked = 0;

  constructor(
    private readonly send: ((message: JsonRpcNotification) => void) | undefined,
    readonly logLevel: LogLevel | undefined,
    /** The request's `_meta`: its client capabilities are read only when the tool asks a question. */
    private readonly meta: Record<string, unknown> | undefined,
    private readonly answers: Record<string, unknown>,
  ) {}

  notify(method: string, params: Record<string, unknown>): void {
    this.send?.({ jsonrpc: '2.0', method, params });
  }

  request(method: ClientRequestMethod, params: Record<string, unknown>): Promise<Record<string, unknown>> {
    const capabilities = this.meta?.[META.clientCapabilities];
    if (typeof capabilities !== 'object' || capabilities === null || typeof (capabilities as Record<string, unknown>)[CAPABILITY[method]] !== 'object') {
      return Promise.reject(new ClientRequestError('error', `the client did not declare ${CAPABILITY[method]}`, -32601));
    }
    const key = `q${++this.asked}`;
    const answer = this.answers[key];
    if (typeof answer === 'object' && answer !== null && !Array.isArray(answer)) return Promise.resolve(answer as Record<string, unknown>);
    const used: Record<string, unknown> = {};
    for (let i = 1; i < this.asked; i++) used[`q${i}`] = this.answers[`q${i}`];
    return Promise.reject(new InputRequired(key, { method, params }, used));
  }
}

/**
 * What a 2026-07-28 call's requestState is bound to. The owner, a hash of the caller's credentials, is
 * made only when a state is opened or sealed: most calls do neither, and it cost a sha256 per call.
 */
export class CallBinding implements StateBinding {
  private ownerTag: string | undefined = undefined;

  constructor(
    readonly tool: string,
    readonly args: unknown,
    private readonly headers: IncomingHttpHeaders,
    private readonly principal: Principal | undefined,
  ) {}

  get owner(): string {
    return (this.ownerTag ??= ownerOf(this.headers, this.principal));
  }
}

/**
 * The answers a retried 2026-07-28 call carries: its sealed state's, and this retry's `inputResponses`. A
 * promise only for a call with a state whose claim goes over the bus; rejects with BusUnavailableError
 * when the bus cannot say whether the state was used (the lane answers 503: refused, never accepted twice).
 */
export function answersOf(states: RequestStateCodec, binding: StateBinding, params: Record<string, unknown>): Answers | Promise<Answers> {
  const responses = params.inputResponses;
  if (responses !== undefined && (typeof responses !== 'object' || responses === null || Array.isArray(responses))) {
    throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'params.inputResponses must be an object');
  }
  if (params.requestState === undefined) return responses === undefined ? NO_ANSWERS : withResponses({}, responses);
  if (typeof params.requestState !== 'string') throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, 'params.requestState must be a string');
  const opened = states.open(params.requestState, binding);
  return opened instanceof Promise ? opened.then((state) => fromState(state, responses)) : fromState(opened, responses);
}

type Answers = Record<string, unknown>;

/** A first round's answers (no state, no responses): nothing to copy, read only. */
const NO_ANSWERS: Answers = Object.freeze({});

function fromState(opened: Opened, responses: object | undefined): Answers {
  if (!opened.ok) throw new JsonRpcError(JsonRpcErrorCode.InvalidParams, `params.requestState is refused: ${opened.reason}. Call the tool again without it.`);
  return withResponses({ ...opened.answers }, responses);
}

function withResponses(answers: Answers, responses: object | undefined): Answers {
  if (responses !== undefined) for (const [key, value] of Object.entries(responses)) if (/^q\d{1,3}$/.test(key)) answers[key] = value;
  return answers;
}

/** A round that ends with a question: `input_required` with it and a state to resume from; any other failure rethrown. */
export function inputRequiredResult(error: unknown, states: RequestStateCodec, binding: StateBinding): unknown {
  if (!(error instanceof InputRequired)) throw error;
  return {
    resultType: 'input_required',
    inputRequests: { [error.key]: error.inputRequest },
    requestState: states.seal(binding, error.answers),
  };
}
