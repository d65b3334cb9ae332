// Requests this server sent to clients (elicitation, sampling) on 2025-era /mcp, waiting for the answer
// the client POSTs back. Each id is random and bound to the fingerprint of the caller that got it: an
// answer with an unknown, expired or foreign id is refused. Bounded by a deadline and by a count per caller.
import { randomUUID } from 'node:crypto';
import { abortSignalOf, type Cancellation } from '../../call-signal';
import { ClientRequestError } from './client-link';
import type { JsonRpcResponse } from './jsonrpc';

interface Waiting {
  owner: string;
  resolve(result: Record<string, unknown>): void;
  reject(error: ClientRequestError): void;
}

export type AnswerOutcome = 'taken' | 'unknown' | 'foreign';

export interface PendingOptions {
  /** How long a request waits for its answer. */
  timeoutMs: number;
  /** Requests one caller may have waiting at once (they count like calls against per-user limits). */
  maxPerCaller: number;
}

export class PendingRequests {
  private readonly waiting = new Map<string, Waiting>();
  private readonly perOwner = new Map<string, number>();

  constructor(private readonly options: PendingOptions) {}

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
      send(id);
    });
  }

  /** A client's answer: taken by the request waiting for it, or refused (unknown or expired id, another caller). */
  answer(message: JsonRpcResponse, owner: string): AnswerOutcome {
    const id = message.id;
    const entry = typeof id === 'string' ? this.waiting.get(id) : undefined;
    if (entry === undefined) return 'unknown';
    if (entry.owner !== owner) return 'foreign';
    if ('error' in message) entry.reject(new ClientRequestError('error', message.error.message.slice(0, 200), message.error.code));
    else if (typeof message.result === 'object' && message.result !== null && !Array.isArray(message.result)) entry.resolve(message.result as Record<string, unknown>);
    else entry.reject(new ClientRequestError('error', 'The client answered with a result that is not an object'));
    return 'taken';
  }
}
