// /health's view of the authorization server in oauth mode: unhealthy, naming it, until its
// metadata has been read once (/mcp cannot verify a token before); after that healthy, naming a degraded
// state while it does not answer: verified tokens, cached keys and exchanged tokens still serve, only new
// tokens and exchanges fail, so taking the replica out of service would not help.
import { request, type Dispatcher } from 'undici';
import type { HealthCheck } from '../health';
import type { Discovery } from './discovery';
import type { Reachability } from './reachability';

export interface ReadinessOptions {
  discovery: Discovery;
  issuer: string;
  /** The probe's own deadline, shorter than the health check's, so a silent server reads as degraded. */
  probeTimeoutMs: number;
  dispatcher?: Dispatcher;
  /** Told what each probe found, for the lines that say the server went away and came back. */
  reachability?: Reachability;
}

export function authorizationServerCheck({ discovery, issuer, probeTimeoutMs, dispatcher, reachability }: ReadinessOptions): HealthCheck {
  return {
    name: 'authorization-server',
    async check(signal) {
      const as = discovery.current();
      if (as === undefined) throw new Error(`${issuer} not discovered yet: ${discovery.lastError() ?? 'the first attempt is under way'}`);
      // Any HTTP answer counts: the server is there. Its key set is what verification reads next.
      const probe = as.jwks_uri ?? as.introspection_endpoint ?? as.issuer;
      try {
        const { body } = await request(probe, { method: 'GET', signal: AbortSignal.any([signal, AbortSignal.timeout(probeTimeoutMs)]), ...(dispatcher ? { dispatcher } : {}) });
        await body.dump();
        reachability?.answered();
        return undefined;
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as Error).name;
        if (!signal.aborted) reachability?.failed(`/health's probe: ${code}`);
        return `${issuer} does not answer (${code}): verified tokens and cached keys still serve; new tokens and exchanges fail`;
      }
    },
  };
}
