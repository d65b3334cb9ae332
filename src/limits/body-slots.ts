// How many request bodies may be arriving at once, per client and in all. A body that
// trickles in holds up to MAX_BODY_BYTES and a socket until Node's request time-out; without a cap, one
// client could hold that many times its connections. The total bound keeps all bodies being received
// under a fixed memory budget, however many clients there are.
import { Held } from './held';

export interface BodySlotsOptions {
  /** Bodies one client (as the door resolves it) may be sending at once; 0: no cap per client. */
  perClient: number;
  /** The largest body (MAX_BODY_BYTES): the total is the budget divided by it. */
  maxBodyBytes: number;
  /** What all bodies being received may hold at most (default 128 MiB: 128 bodies at the default 1 MiB). */
  budgetBytes?: number;
}

/** Why a body was refused: this client is at its cap (429), or the server at its total (503). */
export type BodyRefusal = 'client' | 'total';

export type BodySlot = { ok: true; release: () => void } | { ok: false; refusal: BodyRefusal };

export interface BodySlots {
  /** A slot for one body from `client`; call `release` once the body is read, refused or abandoned. */
  take(client: string): BodySlot;
  /** Bodies being received now. */
  readonly size: number;
  /** Clients the slots keep a count for (for tests): a few hundred at most, whoever has come and gone. */
  readonly clients: number;
  /** Bodies the server receives at once at most. */
  readonly total: number;
}

export function createBodySlots({ perClient, maxBodyBytes, budgetBytes = 128 * 1_048_576 }: BodySlotsOptions): BodySlots {
  const total = Math.max(1, Math.floor(budgetBytes / maxBodyBytes));
  const byClient = new Map<string, number>();
  let size = 0;
  // A client whose bodies are all in stays in the map at 0: deleting and adding it again for every body
  // made V8 rebuild the map's table every few bodies. Those entries are swept once the map
  // holds this many, so it stays within a few hundred entries (at most `total` clients hold a slot).
  const sweepAt = 2 * total + 64;

  function free(client: string): void {
    size -= 1;
    const left = (byClient.get(client) ?? 1) - 1;
    byClient.set(client, left);
    if (left === 0 && byClient.size > sweepAt) {
      for (const [name, held] of byClient) if (held === 0) byClient.delete(name);
    }
  }

  return {
    get size() {
      return size;
    },
    get clients() {
      return byClient.size;
    },
    total,
    take(client) {
      const held = byClient.get(client) ?? 0;
      if (perClient > 0 && held >= perClient) return { ok: false, refusal: 'client' };
      if (size >= total) return { ok: false, refusal: 'total' };
      size += 1;
      byClient.set(client, held + 1);
      return new Held(free, client);
    },
  };
}
