// Routed answers that Redis refused outright (an error reply such as OOM or READONLY, or a connection
// down so the command was never sent), kept a bounded while and sent again once a write succeeds
// (issue 20). A refused delivery never ran, so sending it again cannot deliver it twice. A time-out is
// not held: the command may still run (a partition holds it), and is parked for the holder if need be.

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

/** An error reply from Redis, or a command never sent: the delivery did not run. */
export const refusedOutright = (error: Error): boolean => error.name === 'ReplyError' || error.message.startsWith("Stream isn't writeable");
