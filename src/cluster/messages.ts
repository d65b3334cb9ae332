// What workers and the primary say to each other over IPC when sessions are routed through the primary
// (WORKERS>1 without REDIS_URL). Like the Redis bus: answers and control messages, never credentials.
import type { RequestId } from '../protocol/jsonrpc';

/** Answers for sessions held elsewhere, gathered over one turn of the event loop: one IPC write for all. */
export interface Deliveries {
  bus: 'deliver';
  /** Session id and message, in the order they were delivered. */
  d: Array<[string, object]>;
}

/** Worker → primary. */
export type WorkerMessage =
  | { bus: 'attach'; s: string }
  | { bus: 'detach'; s: string }
  | { bus: 'locate'; s: string; q: number }
  | Deliveries
  | { bus: 'cancel'; s: string; r: RequestId }
  /** Claim key `k` once for `ttl` ms (SessionBus.claimOnce): the primary holds every worker's claims. */
  | { bus: 'claim'; k: string; ttl: number; q: number }
  /** Keep record `k` (its JSON `v`) for `ttl` ms (SessionBus.putRecord): the primary holds every worker's records. */
  | { bus: 'put'; k: string; v: string; ttl: number; q: number }
  /** Read record `k` (SessionBus.getRecord). */
  | { bus: 'get'; k: string; q: number }
  /** Tell the other workers: key `k` of topic `n` is now `v` (SessionBus.announce). */
  | Announce;

/** An announcement, relayed by the primary to every other worker as it came. */
export interface Announce {
  bus: 'announce';
  n: string;
  k: string;
  v: string;
}

/** Primary → worker. */
export type PrimaryMessage =
  | { bus: 'located'; q: number; found: boolean }
  /** The answer to `claim` q: true the first time its key was claimed. */
  | { bus: 'claimed'; q: number; ok: boolean }
  /** The answer to `put` q (stored) or `get` q (the record, or null). */
  | { bus: 'record'; q: number; v: string | null }
  /** The primary knows the worker holds this session: its endpoint event may go (ClusterBus.attach). */
  | { bus: 'attached'; s: string }
  /** Every worker of the start has listened: /health may say healthy (./readiness.ts). */
  | { bus: 'ready' }
  | Deliveries
  | { bus: 'cancel'; s: string; r: RequestId }
  | { bus: 'closed'; s: string }
  | Announce;

/** True for our messages (Node's cluster and other code may use the same channel). */
export function isBusMessage<T extends { bus: string }>(value: unknown): value is T {
  return typeof value === 'object' && value !== null && typeof (value as { bus?: unknown }).bus === 'string';
}
