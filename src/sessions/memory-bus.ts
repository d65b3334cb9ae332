// The default bus: one process holds every stream and runs every call, so routing is a map lookup.
import type { CallTracker } from './calls';
import type { Location, SessionBus, StreamSink } from './bus';
import { OnceClaims } from './once-claims';

export class MemoryBus implements SessionBus {
  private readonly sinks = new Map<string, StreamSink>();
  private readonly claims = new OnceClaims();

  constructor(private readonly calls: CallTracker) {}

  attach(sessionId: string, sink: StreamSink): void {
    this.sinks.set(sessionId, sink);
  }

  detach(sessionId: string): void {
    if (this.sinks.delete(sessionId)) this.calls.abortScope(sessionId);
  }

  locate(sessionId: string): Location {
    return this.sinks.has(sessionId) ? 'here' : 'gone';
  }

  deliver(sessionId: string, message: object): void {
    this.sinks.get(sessionId)?.(message);
  }

  cancel(sessionId: string, requestId: string | number): void {
    this.calls.cancel(sessionId, requestId);
  }

  claimOnce(key: string, ttlMs: number): boolean {
    return this.claims.claim(key, ttlMs);
  }

  /** No other process to tell, nor to hear from. */
  announce(): void {}

  onAnnouncement(): void {}

  async close(): Promise<void> {
    this.sinks.clear();
  }
}
