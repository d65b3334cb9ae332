// The primary's side of routing without Redis: which worker holds each session, answers relayed to it,
// cancel and closed passed to the other workers. A worker that exits takes its sessions with it (404).
// It also holds the workers' single-use claims (a used `requestState`) and records (tasks), and relays
// their announcements.
import type { Worker } from 'node:cluster';
import { OnceClaims } from '../sessions/once-claims';
import { RecordStore } from '../sessions/records';
import { isBusMessage, type PrimaryMessage, type WorkerMessage } from './messages';
import { Outbox } from './outbox';

export class SessionRelay {
  private readonly holders = new Map<string, Worker>();
  /** Answers relayed in this turn of the event loop, one message per holder. */
  private readonly outbox = new Outbox<Worker>((worker, deliveries) => send(worker, deliveries));
  private readonly workers = new Set<Worker>();
  private readonly claims = new OnceClaims();
  private readonly records = new RecordStore();

  /** Routes the bus messages of `worker` from now on. */
  adopt(worker: Worker): void {
    this.workers.add(worker);
    worker.on('message', (message: unknown) => {
      if (isBusMessage<WorkerMessage>(message)) this.receive(worker, message);
    });
  }

  /** The worker exited: its streams are gone, and calls for them running elsewhere are aborted. */
  forget(worker: Worker): void {
    this.workers.delete(worker);
    for (const [sessionId, holder] of this.holders) {
      if (holder !== worker) continue;
      this.holders.delete(sessionId);
      this.broadcast(worker, { bus: 'closed', s: sessionId });
    }
  }

  /** Sessions held across all workers. */
  get size(): number {
    return this.holders.size;
  }

  private receive(worker: Worker, message: WorkerMessage): void {
    switch (message.bus) {
      case 'attach':
        this.holders.set(message.s, worker);
        return send(worker, { bus: 'attached', s: message.s });
      case 'detach':
        if (this.holders.get(message.s) === worker) this.holders.delete(message.s);
        return this.broadcast(worker, { bus: 'closed', s: message.s });
      case 'locate':
        return send(worker, { bus: 'located', q: message.q, found: this.holders.has(message.s) });
      case 'deliver':
        for (const [sessionId, answer] of message.d) {
          const holder = this.holders.get(sessionId);
          if (holder) this.outbox.add(holder, sessionId, answer);
        }
        return;
      case 'cancel':
        return this.broadcast(worker, { bus: 'cancel', s: message.s, r: message.r });
      case 'claim':
        return send(worker, { bus: 'claimed', q: message.q, ok: this.claims.claim(message.k, message.ttl) });
      case 'put':
        this.records.put(message.k, message.v, message.ttl);
        return send(worker, { bus: 'record', q: message.q, v: null });
      case 'get':
        return send(worker, { bus: 'record', q: message.q, v: this.records.get(message.k) ?? null });
      case 'announce':
        return this.broadcast(worker, { bus: 'announce', n: message.n, k: message.k, v: message.v });
    }
  }

  private broadcast(from: Worker, message: PrimaryMessage): void {
    for (const worker of this.workers) if (worker !== from) send(worker, message);
  }
}

function send(worker: Worker, message: PrimaryMessage): void {
  // A worker that is exiting cannot take messages; its sessions are forgotten when it has gone.
  if (worker.isConnected()) worker.send(message, () => undefined);
}
