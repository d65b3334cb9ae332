// Whether this replica's Redis commands are succeeding. A partition without RST leaves both
// connections "ready" while every command times out, and a Redis at maxmemory (OOM) or a replica after a
// failover (READONLY) refuses writes on a healthy connection: the connection state alone cannot tell.
// One warn line when commands start failing, one info line when a write succeeds again, not one per
// command; while failing, routed POSTs are refused at once with 503 instead of trusting cached routes.
import type { Logger } from '../../logger';

export class RedisStatus {
  private reason: string | undefined;
  private since = 0;
  private warned = false;
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly logger: Logger,
    private readonly where: string,
    /** True while both connections are up: a connection that is down is reported by the connections. */
    private readonly connected: () => boolean,
  ) {}

  /** Why commands are failing, or undefined while they succeed. */
  get failing(): string | undefined {
    return this.reason;
  }

  /** For /health: how long commands have been failing. */
  get failingForMs(): number {
    return this.reason === undefined ? 0 : performance.now() - this.since;
  }

  /** A command failed (time-out, error reply, connection gone). */
  failed(what: string, error: Error): void {
    if (this.reason === undefined) {
      this.reason = `${what}: ${error.message}`;
      this.since = performance.now();
    }
    // The connections warn about a lost connection themselves; this line is for what they cannot see
    // (including commands that still fail once a connection is back).
    if (this.warned || !this.connected()) return;
    this.warned = true;
    this.logger.warn({ redis: this.where, err: error.message, what }, 'redis commands failing: calls for sessions held by other replicas get 503 until a write succeeds');
  }

  /** A write succeeded: Redis takes this replica's commands again. */
  succeeded(): void {
    if (this.reason === undefined) return;
    const failedForMs = Math.round(this.failingForMs);
    this.reason = undefined;
    if (this.warned) this.logger.info({ redis: this.where, failedForMs }, 'redis commands succeed again: routing resumes');
    this.warned = false;
    for (const listener of this.listeners) listener();
  }

  /** Called after each recovery (e.g. to re-register sessions and collect answers parked meanwhile). */
  onRecovered(listener: () => void): void {
    this.listeners.push(listener);
  }
}
