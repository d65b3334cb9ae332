// A cluster is ready when every worker listens. node:cluster hands each new connection to a worker that
// listens at that moment, and a keep-alive connection stays with its worker: a balancer or hub that
// connects as soon as the first worker answers /health would leave the others idle for as long as its
// connections live. So /health reports "workers" unhealthy (503) until the primary says every worker of
// the start has listened once; after that it holds (a crashed worker's replacement does not flap it).
import type { HealthCheck } from '../health';
import { isBusMessage, type PrimaryMessage } from './messages';

/** The worker's end of the IPC channel, as far as readiness needs it: `process` in a worker. */
export interface ReadinessChannel {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** Listens for the primary's `ready` (install before listening) and reports it as a health check. */
export function clusterReadiness(channel: ReadinessChannel = process as unknown as ReadinessChannel): HealthCheck {
  let ready = false;
  const listener = (message: unknown) => {
    if (!isBusMessage<PrimaryMessage>(message) || message.bus !== 'ready') return;
    ready = true;
    channel.off('message', listener);
  };
  channel.on('message', listener);
  return {
    name: 'workers',
    // GET /health/ready too: this is the process's own state, not a dependency (src/health/probes.ts).
    readiness: true,
    check: async () => {
      if (!ready) throw new Error('not every worker is listening yet');
    },
  };
}
