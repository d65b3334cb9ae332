// Requests this server sent to clients (elicitation, sampling) on 2025-era /mcp, waiting for the answer
// the client POSTs back. Each id is random and bound to the fingerprint of the caller that got it: an
// answer with an unknown, expired or foreign id is refused. Bounded by a deadline and by a count per caller.
// The answer may reach another worker or replica: each waiting id is attached to the SessionBus like a
// stream, so the process that gets the answer routes it (the id and the owner's hash travel, never a credential).
import { randomUUID } from 'node:crypto';
import { abortSignalOf, type Cancellation } from '../../call-signal';
import { SerializedMessage, type SessionBus } from '../../sessions/bus';
import { ClientRequestError } from '../../protocol/client-link';
import type { JsonRpcResponse } from '../../protocol/jsonrpc';

interface Waiting {
  owner: string;
  resolve(result: Record<string, unknown>): void;
  reject(error: ClientRequestError): void;
}

/** `routed`: handed to the bus for the process that waits for it (which checks the owner itself). */
export type AnswerOutcome = 'taken' | 'routed' | 'unknown' | 'foreign';

/** What travels over the bus: the client's answer and the hash of whoever posted it. */
interface Routed {
  a: JsonRpcResponse;
  o: string;
}

/** The part of a SessionBus that routes answers (any bus: memory, cluster, Redis). */
export type AnswerRouter = Pick<SessionBus, 'attach' | 'detach' | 'locate' | 'deliver'>;

export interface PendingOptions {
  /** How long a request waits for its answer. */
  timeoutMs: number;
  /** Requests one caller may have waiting at once (they count like calls against per-user limits). */
  maxPerCaller: number;
}

export class PendingRequests {
  private readonly waiting = new Map<string, Waiting>();
  private readonly perOwner = new Map<string, number>();

  constructor(
    private readonly options: PendingOptions,
    /** Routes answers that reach another process; without one, only this process's answers are taken. */
    private readonly router?: AnswerRouter,
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Whether this id is one of ours, still waiting (for routing between processes). */
  has(id: string): boolean {
    return this.waiting.has(id);
  }

  /**
   * Opens a request for `owner`, hands its id to `send` (which writes it to the client), and resolves
   * with the client's result. Rejects on an error answer, the deadline, the call's end, or over the limit.
   */
  open(owner: string, signal: Cancellation, send: (id: string) => void): Promise<Record<string, unknown>> {
    const count = this.perOwner.get(owner) ?? 0;
    if (count >= this.options.maxPerCaller) {
      return Promise.reject(new ClientRequestError('error', 'Too many questions to this user are waiting for an answer'));
    }
    if (signal.aborted) return Promise.reject(new ClientRequestError('ended', 'The call ended'));
    const id = `srv-${randomUUID()}`;
    this.perOwner.set(owner, count + 1);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const aborted = abortSignalOf(signal);
      const done = () => {
        clearTimeout(timer);
        this.router?.detach(id);
        aborted.removeEventListener('abort', onAbort);
        this.waiting.delete(id);
        const left = (this.perOwner.get(owner) ?? 1) - 1;
        if (left <= 0) this.perOwner.delete(owner);
        else this.perOwner.set(owner, left);
      };
      const onAbort = () => {
        done();
        reject(new ClientRequestError('ended', 'The call ended before the client answered'));
      };
      const timer = setTimeout(() => {
        done();
        reject(new ClientRequestError('timeout', 'The client did not answer in time'));
      }, this.options.timeoutMs);
      aborted.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, {
        owner,
        resolve: (result) => {
          done();
          resolve(result);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
      const attached = this.router?.attach(id, (message) => this.arrived(message));
      if (attached instanceof Promise) void attached.then(() => (this.waiting.has(id) ? send(id) : undefined));
      else send(id);
    });
  }

  /** An answer routed here by the bus from the process that received it. */
  private arrived(message: object): void {
    const routed = (message instanceof SerializedMessage ? JSON.parse(message.json) : message) as Partial<Routed>;
    if (typeof routed.o === 'string' && typeof routed.a === 'object' && routed.a !== null) this.take(routed.a, routed.o);
  }

  /**
   * A client's answer: taken by the request waiting for it here, routed to the process that waits for it,
   * or refused (unknown or expired id, another caller's).
   */
  async answer(message: JsonRpcResponse, owner: string): Promise<AnswerOutcome> {
    const id = message.id;
    if (typeof id !== 'string' || !id.startsWith('srv-')) return 'unknown';
    if (this.waiting.has(id) || this.router === undefined) return this.take(message, owner);
    if ((await this.router.locate(id)) !== 'elsewhere') return 'unknown';
    this.router.deliver(id, { a: message, o: owner } satisfies Routed);
    return 'routed';
  }

  private take(message: JsonRpcResponse, owner: string): AnswerOutcome {
    const entry = this.waiting.get(message.id as string);
    if (entry === undefined) return 'unknown';
    if (entry.owner !== owner) return 'foreign';
    if ('error' in message) entry.reject(new ClientRequestError('error', message.error.message.slice(0, 200), message.error.code));
    else if (typeof message.result === 'object' && message.result !== null && !Array.isArray(message.result)) entry.resolve(message.result as Record<string, unknown>);
    else entry.reject(new ClientRequestError('error', 'The client answered with a result that is not an object'));
    return 'taken';
  }
}
