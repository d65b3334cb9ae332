// Keeps this process's heartbeat and its sessions registered in Redis, and finds out when Redis takes
// writes again after a fault. The heartbeat is one small write every HEARTBEAT_MS (every PROBE_MS while
// commands fail: then it is the probe); the sessions are refreshed in one pipeline per tick, at most one in
// flight, so a partition queues at most one of each. Every refresh also collects the answers parked for
// each session while it had no key or its holder was not listening.
import type { RedisConnections } from './connections';
import type { RedisNames } from './wire';

/** How often the heartbeat is written. */
export const HEARTBEAT_MS = 500;
/**
 * How long a heartbeat vouches for its process. Other replicas refuse calls for its sessions once it has
 * lapsed (with 503 while the process still listens; as gone once it does not): six beats, so a process
 * whose event loop stalls for a couple of seconds on a loaded machine is not taken for dead.
 */
export const HEARTBEAT_TTL_MS = 3_000;
/** While commands fail, the heartbeat this often tells when Redis takes them again. */
const PROBE_MS = 250;

export interface RegistrarOptions {
  connections: RedisConnections;
  names: RedisNames;
  processId: string;
  /** The registry value: the process id and its level (the formats it reads, its heartbeat). */
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
  private readonly timers: NodeJS.Timeout[];
  private probeTimer: NodeJS.Timeout | undefined;
  private refreshing = false;
  private beating = false;
  private stopped = false;
  /** Settles once the first heartbeat is written (the server announces streams only after it: ./redis-bus.ts). */
  readonly firstBeat: Promise<void>;
  private beaten!: () => void;

  constructor(private readonly options: RegistrarOptions) {
    const { connections, refreshMs } = options;
    this.firstBeat = new Promise((resolve) => (this.beaten = resolve));
    // After an outage (or a Redis restart that lost every key): register again and collect.
    for (const connection of [connections.commands, connections.subscriber]) connection.on('ready', () => this.refresh(true));
    connections.status.onRecovered(() => {
      clearInterval(this.probeTimer);
      this.probeTimer = undefined;
      this.refresh(true);
    });
    this.timers = [setInterval(() => this.refresh(false), refreshMs).unref(), setInterval(() => this.beat(), HEARTBEAT_MS).unref()];
  }

  /** A command failed: probe until a write succeeds. */
  startProbing(): void {
    if (!this.stopped) this.probeTimer ??= setInterval(() => this.beat(), PROBE_MS).unref();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    clearInterval(this.probeTimer);
  }

  /**
   * The heartbeat first (so a session key is never newer than the heartbeat that vouches for it), then
   * every session held here (SET, not EXPIRE, also re-creates lost keys; the claim also reads parked answers).
   */
  private refresh(afterFault: boolean): void {
    const { connections, names, processId, holder, sessionTtlMs } = this.options;
    if (this.stopped || this.refreshing || !connections.ready) return;
    // While failing, only the probe writes.
    if (connections.status.failing !== undefined && !afterFault) return;
    this.refreshing = true;
    const held = [...this.options.held()];
    const pipeline = connections.commands.pipeline();
    pipeline.set(names.replica(processId), holder, 'PX', HEARTBEAT_TTL_MS);
    for (const sessionId of held) (pipeline as unknown as ClaimPipeline).mcpClaim(names.session(sessionId), names.parked(sessionId), holder, sessionTtlMs);
    pipeline.exec().then(
      (results) => {
        this.refreshing = false;
        const error = results?.find(([failure]) => failure)?.[0];
        if (error) return this.options.failed('refresh', error);
        this.beaten();
        connections.status.succeeded();
        held.forEach((sessionId, n) => this.options.collected(sessionId, results?.[n + 1]?.[1]));
      },
      (error: Error) => {
        this.refreshing = false;
        this.options.failed('refresh', error);
      },
    );
  }

  private beat(): void {
    const { connections, names, processId, holder } = this.options;
    if (this.stopped || this.beating || !connections.ready) return;
    this.beating = true;
    connections.commands.set(names.replica(processId), holder, 'PX', HEARTBEAT_TTL_MS).then(
      () => {
        this.beating = false;
        this.beaten();
        connections.status.succeeded();
      },
      (error: Error) => {
        this.beating = false;
        this.options.failed('heartbeat', error);
      },
    );
  }
}
