// Answers for streams held by other replicas, on their way over Redis (ROUTE_SCRIPT): published to the
// holder, parked for a holder not registered or not listening yet, held while Redis does not take them
// and sent again after the first successful write (./held-answers.ts), or dropped: counted and logged.
import { sessionTag, type Logger } from '../../logger';
import type { BusCounts } from './bus-counts';
import type { RedisConnections } from './connections';
import { HeldAnswers, worthResending } from './held-answers';
import type { RouteCommand } from './scripts';
import type { RedisNames } from './wire';

/** Answers Redis did not take that wait for it to take writes again, at most. */
const HELD_MAX = 1_000;

export interface OutboxOptions {
  connections: RedisConnections;
  names: RedisNames;
  logger: Logger;
  route: RouteCommand;
  processId: string;
  /** SESSION_TTL_MS: how long a parked or held answer waits, at most. */
  sessionTtlMs: number;
  /** The bus's counts (no-ops until it is instrumented). */
  counts(): BusCounts;
  /** The session's holder was not listening: look it up again rather than trust a sighting. */
  notListening(sessionId: string): void;
  /** Counts and logs a failed command, and starts probing for Redis's return (the bus's). */
  failed(what: string, error: Error): void;
  /** The bus is closing: losses are no longer logged. */
  closing(): boolean;
}

export class Outbox {
  private readonly held: HeldAnswers;
  private readonly heartbeatPrefix: string;

  constructor(private readonly options: OutboxOptions) {
    this.held = new HeldAnswers(HELD_MAX, options.sessionTtlMs);
    this.heartbeatPrefix = options.names.replica('');
    options.connections.status.onRecovered(() => this.resend());
  }

  /** `at`: when it was first sent, so a resend that fails again keeps its age. */
  send(sessionId: string, json: string, at = performance.now()): void {
    const { options } = this;
    const { names } = options;
    options.route(names.session(sessionId), names.parked(sessionId), names.inboxPrefix, sessionId, json, options.sessionTtlMs, names.control, options.processId, this.heartbeatPrefix).then(
      (receivers) => {
        if (receivers > 0) return;
        options.notListening(sessionId);
        if (receivers < 0) options.counts().parked.inc();
        else this.dropped(sessionId, 'the holder was not listening and its heartbeat had stopped');
      },
      (error: Error) => {
        options.failed('deliver', error);
        if (worthResending(error)) {
          if (!this.held.hold({ sessionId, json, at })) this.dropped(sessionId, `redis: ${error.message}; ${HELD_MAX} answers already wait`);
          return;
        }
        // Timed out: the command may still be on its way (a partition holds it), and runs at the heal.
        if (!error.message.includes('timed out')) return this.dropped(sessionId, `redis: ${error.message}`);
        options.counts().unconfirmed.inc();
        options.logger.warn({ session: sessionTag(sessionId) }, 'routed answer unconfirmed: redis did not answer in time; it arrives only if redis runs it later');
      },
    );
  }

  /** Counted and logged: the client of that call never gets its answer. */
  dropped(sessionId: string, why: string, level: 'warn' | 'info' = 'warn'): void {
    this.options.counts().dropped.inc();
    if (!this.options.closing()) this.options.logger[level]({ session: sessionTag(sessionId), why }, 'routed answer dropped');
  }

  /** Redis takes writes again: the answers it did not take meanwhile go now, unless too old. */
  private resend(): void {
    const { fresh, stale } = this.held.take();
    for (const answer of stale) this.dropped(answer.sessionId, 'redis did not take it for longer than SESSION_TTL_MS');
    for (const answer of fresh) this.send(answer.sessionId, answer.json, answer.at);
  }
}
