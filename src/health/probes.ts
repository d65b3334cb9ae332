// GET /health/live and GET /health/ready: the orchestrator's probes, apart from /health (the contract's
// report on every dependency). An orchestrator restarts a process whose liveness fails and stops sending
// to one whose readiness fails; neither helps when a shared dependency (your API, Redis, the authorization
// server) is down: every replica would fail together, a restart loop or an empty pool instead of calls
// answered with a sentence the model can explain. So both probes look at this process only.
import type { Router } from 'express';
import { checkHealth, type HealthCheck } from './health';

/** The probes' paths: open like /health (no caller secret; the Host check still applies). */
export const PROBE_PATHS = ['/health/live', '/health/ready'] as const;

export interface ProbeOptions {
  /**
   * /health's checks: readiness runs only those marked `readiness: true`, this process's own state (a
   * cluster's workers: every worker of the start listening). Dependencies stay in /health only.
   */
  checks: readonly HealthCheck[];
  /** Each check's time-out (HEALTH_TIMEOUT_MS). */
  timeoutMs: number;
  /** True once shutdown has begun: readiness answers 503 so no new traffic is sent here. */
  isDraining?: () => boolean;
}

/** Adds GET /health/live and GET /health/ready to `router` (405 with Allow to any other method). */
export function mountProbeRoutes(router: Router, { checks, timeoutMs, isDraining = () => false }: ProbeOptions): void {
  const own = checks.filter((check) => check.readiness === true);
  // Answers while the event loop turns and the listener accepts: nothing else decides whether a restart helps.
  router.get('/health/live', function live(_req, res) {
    res.set('Cache-Control', 'no-store').json({ status: 'alive' });
  });
  router.get('/health/ready', async function ready(_req, res) {
    res.set('Cache-Control', 'no-store');
    if (isDraining()) {
      res.status(503).json({ status: 'not_ready', error: 'shutting down: in-flight calls are finishing' });
      return;
    }
    const report = await checkHealth(own, timeoutMs);
    if (report.status === 'healthy') res.json({ status: 'ready' });
    else res.status(503).json({ status: 'not_ready', error: report.error });
  });
  for (const path of PROBE_PATHS) {
    router.all(path, function probeMethodNotAllowed(_req, res) {
      res.status(405).set('Allow', 'GET, HEAD').json({ error: 'method_not_allowed', message: 'The probe is read with GET.' });
    });
  }
}
