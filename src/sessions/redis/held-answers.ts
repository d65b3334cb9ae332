// Routed answers that Redis did not take (an error reply such as OOM or READONLY, a connection down so the
// command was never sent, or a connection that closed before Redis replied: Redis killed or restarted
// while the answer crossed), kept a bounded while and sent again after the first successful write. An
// error reply or a command never sent did not run. A command whose connection closed before the reply may
// have run (Redis published, then died before its reply left): sent again, the answer can then arrive
// twice, and a client ignores an answer to an id it no longer waits for; without it, it would be lost. A
// time-out is not held: the command may still run (a partition holds it), and is parked for the holder if
// need be.

export interface HeldAnswer {
  readonly sessionId: string;
  readonly json: string;
  /** When it was first refused: a resend that fails again keeps it. */
  readonly at: number;
}

export class HeldAnswers {
  private answers: HeldAnswer[] = [];

  constructor(
    /** At most this many wait at once (memory bound); more are dropped. */
    private readonly max: number,
    /** An answer older than this is dropped rather than sent (its client has likely given up). */
    private readonly maxAgeMs: number,
  ) {}

  get size(): number {
    return this.answers.length;
  }

  /** False when full: the caller drops it. */
  hold(answer: HeldAnswer): boolean {
    if (this.answers.length >= this.max) return false;
    this.answers.push(answer);
    return true;
  }

  /** Empties the list: the answers still worth sending, and those too old. */
  take(now = performance.now()): { fresh: HeldAnswer[]; stale: HeldAnswer[] } {
    const all = this.answers;
    this.answers = [];
    const fresh = all.filter((answer) => now - answer.at < this.maxAgeMs);
    return { fresh, stale: all.filter((answer) => now - answer.at >= this.maxAgeMs) };
  }
}

/**
 * An error reply from Redis, a command never sent (no offline queue), or one whose connection closed before
 * its reply (ioredis rejects it with MaxRetriesPerRequestError: `maxRetriesPerRequest` is 0): worth sending again.
 */
export const worthResending = (error: Error): boolean =>
  error.name === 'ReplyError' || error.name === 'MaxRetriesPerRequestError' || error.message.startsWith("Stream isn't writeable");
