// Keeps this process's sessions registered in Redis (issue 9) and finds out when Redis takes writes
// again after a fault (issue 20): one pipeline per tick, at most one in flight, so a partition queues at
// most one; while commands fail, a single small write every PROBE_MS instead; after a reconnect or a
// recovery, each session also collects the answers parked for it while it had no key.
import type { RedisConnections } from './connections';
import type { RedisNames } from './wire';

/** While commands fail, one write this often tells when Redis takes them again. */
const PROBE_MS = 250;

export interface RegistrarOptions {
  connections: RedisConnections;
  names: RedisNames;
  processId: string;
  /** The registry value: the process id and the delivery formats it reads. */
  holder: string;
  sessionTtlMs: number;
  refreshMs: number;
  /** The sessions held here now. */
  held(): Iterable<string>;
  /** Answers parked for a session held here, as Redis returned them. */
  collected(sessionId: string, parked: unknown): void;
  failed(what: string, error: Error): void;
}

type ClaimPipeline = { mcpClaim(key: string, parkedKey: string, holder: string, ttlMs: number): void };

export class Registrar {
  private readonly timer: NodeJS.Timeout;
  private probeTimer: NodeJS.Timeout | undefined;
  private inFlight = false;
  private stopped = false;

  constructor(private readonly options: RegistrarOptions) {
    const { connections, refreshMs } = options;
    // After an outage (or a Redis restart that lost every key): register again and collect.
    for (const connection of [connections.commands, connections.subscriber]) connection.on('ready', () => this.refresh(true));
    connections.status.onRecovered(() => {
      clearInterval(this.probeTimer);
      this.probeTimer = undefined;
      this.refresh(true);
    });
    this.timer = setInterval(() => this.refresh(false), refreshMs).unref();
  }

  /** A command failed: probe until a write succeeds. */
  startProbing(): void {
    if (!this.stopped) this.probeTimer ??= setInterval(() => this.probe(), PROBE_MS).unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.probeTimer);
  }

  /**
   * This process's own key (so a replica holding no session still learns that writes fail), then every
   * session held here (SET, not EXPIRE, also re-creates lost keys; `collect` also takes parked answers).
   */
  private refresh(collect: boolean): void {
    const { connections, names, processId, holder, sessionTtlMs } = this.options;
    if (this.stopped || this.inFlight || !connections.ready) return;
    // While failing, only the probe writes.
    if (connections.status.failing !== undefined && !collect) return;
    this.inFlight = true;
    const held = [...this.options.held()];
    const pipeline = connections.commands.pipeline();
    pipeline.set(names.replica(processId), holder, 'PX', sessionTtlMs);
    for (const sessionId of held) {
      if (collect) (pipeline as unknown as ClaimPipeline).mcpClaim(names.session(sessionId), names.parked(sessionId), holder, sessionTtlMs);
      else pipeline.set(names.session(sessionId), holder, 'PX', sessionTtlMs);
    }
    pipeline.exec().then(
      (results) => {
        this.inFlight = false;
        const error = results?.find(([failure]) => failure)?.[0];
        if (error) return this.options.failed('refresh', error);
        connections.status.succeeded();
        if (collect) held.forEach((sessionId, n) => this.options.collected(sessionId, results?.[n + 1]?.[1]));
      },
      (error: Error) => {
        this.inFlight = false;
        this.options.failed('refresh', error);
      },
    );
  }

  private probe(): void {
    const { connections, names, processId, holder, sessionTtlMs } = this.options;
    if (this.stopped || this.inFlight || !connections.ready) return;
    this.inFlight = true;
    connections.commands.set(names.replica(processId), holder, 'PX', sessionTtlMs).then(
      () => {
        this.inFlight = false;
        connections.status.succeeded();
      },
      (error: Error) => {
        this.inFlight = false;
        this.options.failed('probe', error);
      },
    );
  }
}
