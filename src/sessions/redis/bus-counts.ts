// What the Redis bus counts for /metrics: no-ops until the server instruments the bus.
import type { Metrics } from '../../telemetry';

type Count = { inc(by?: number): void };
const NO_COUNT: Count = { inc: () => undefined };

export type BusCounts = Record<'routed' | 'received' | 'controls' | 'failures' | 'parked' | 'claimed' | 'dropped' | 'unconfirmed', Count>;

export const NO_COUNTS: BusCounts = Object.freeze({ routed: NO_COUNT, received: NO_COUNT, controls: NO_COUNT, failures: NO_COUNT, parked: NO_COUNT, claimed: NO_COUNT, dropped: NO_COUNT, unconfirmed: NO_COUNT });

export function busCounts(metrics: Metrics): BusCounts {
  return {
    routed: metrics.counter('mcp_bus_answers_routed_total', 'Answers and notifications published to the replica holding the stream.'),
    received: metrics.counter('mcp_bus_answers_received_total', 'Answers received from other replicas for streams held here.'),
    controls: metrics.counter('mcp_bus_controls_published_total', 'Cancel and stream-closed messages published to every replica.'),
    failures: metrics.counter('mcp_bus_redis_failures_total', 'Redis commands that failed (the bus refuses or drops instead of queueing).'),
    parked: metrics.counter('mcp_bus_answers_parked_total', 'Routed answers that found no holder, or one not listening, and were kept in Redis for it to collect.'),
    claimed: metrics.counter('mcp_bus_answers_claimed_total', 'Parked answers collected by this replica after re-registering its sessions.'),
    dropped: metrics.counter('mcp_bus_answers_dropped_total', 'Routed answers lost: Redis did not take the delivery for too long, the holder was dead, or the stream had gone.'),
    unconfirmed: metrics.counter('mcp_bus_answers_unconfirmed_total', 'Routed answers whose delivery Redis did not confirm in time (delivered or parked if it ran them later).'),
  };
}
