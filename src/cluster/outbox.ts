// Answers routed to another process, gathered per destination over one turn of the event loop.
import type { Deliveries } from './messages';

/**
 * Gathers answers per destination and sends each destination's in one message at the end of the turn:
 * under load an IPC write (and its read and parse on the other side) carries many answers instead of one.
 */
export class Outbox<T> {
  private readonly pending = new Map<T, Deliveries>();
  private scheduled = false;

  constructor(private readonly flushTo: (to: T, deliveries: Deliveries) => void) {}

  add(to: T, sessionId: string, message: object): void {
    let deliveries = this.pending.get(to);
    if (deliveries === undefined) this.pending.set(to, (deliveries = { bus: 'deliver', d: [] }));
    deliveries.d.push([sessionId, message]);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  flush(): void {
    this.scheduled = false;
    const pending = [...this.pending];
    this.pending.clear();
    for (const [to, deliveries] of pending) this.flushTo(to, deliveries);
  }
}
