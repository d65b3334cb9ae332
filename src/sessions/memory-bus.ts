// The default bus: one process holds every stream and runs every call, so routing is a map lookup.
import type { CallTracker } from './calls';
import type { Location, SessionBus, StreamSink } from './bus';
import { OnceClaims } from './once-claims';
import { RecordStore } from './records';

export class MemoryBus implements SessionBus {
  private readonly sinks = new Map<string, StreamSink>();
  private readonly claims = new OnceClaims();
  private readonly records = new RecordStore();

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

  putRecord(key: string, value: string, ttlMs: number): void {
    this.records.put(key, value, ttlMs);
  }

  getRecord(key: string): string | undefined {
    return this.records.get(key);
  }

  /** No other process to tell, nor to hear from. */
  announce(): void {}

  onAnnouncement(): void {}

  async close(): Promise<void> {
    this.sinks.clear();
  }
}
