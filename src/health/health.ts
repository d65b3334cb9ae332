// GET /health: runs every registered dependency check under a short time-out (contract: Health report).
// The orchestrator's liveness and readiness probes are apart, in ./probes.ts.
// Add a check per dependency your tools need, e.g. a database ping, in src/index.ts.
import type { Router } from 'express';

export interface HealthCheck {
  /** Named in the report when it fails, e.g. "customer-api" or "database". */
  name: string;
  /**
   * Resolves when the dependency is usable (with a sentence when it serves in a degraded way: the report
   * stays healthy and names it); rejects with an Error whose message says why not.
   */
  check(signal: AbortSignal): Promise<void | string | undefined>;
  /**
   * True for a check of this process's own state (a cluster's workers all listening), which GET
   * /health/ready also runs; dependencies (your API, Redis) are in /health only (./probes.ts).
   */
  readiness?: boolean;
}

export interface HealthOptions {
  checks: readonly HealthCheck[];
  /** Each check is given this long (default 2 s): a health probe must answer before the prober gives up. */
  timeoutMs?: number;
  /** Allows ?simulate=unhealthy (HEALTH_SIMULATION=on, the default). */
  simulation?: boolean;
  /** Fields added to every report, beside the contract's `status` (e.g. the toolsets served when TOOLSETS names some). */
  details?: Readonly<Record<string, unknown>>;
}

/** `degraded`: dependencies that serve in a reduced way, e.g. an authorization server that went away. */
export type HealthReport = { status: 'healthy'; degraded?: string } | { status: 'unhealthy'; error: string };

type Outcome = { failure: string } | { degraded: string } | undefined;

async function runCheck({ name, check }: HealthCheck, timeoutMs: number): Promise<Outcome> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const note = await Promise.race([
      check(signal),
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error(`no answer within ${timeoutMs} ms`)), { once: true }),
      ),
    ]);
    return typeof note === 'string' ? { degraded: `${name}: ${note}` } : undefined;
  } catch (error) {
    return { failure: `${name}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export async function checkHealth(checks: readonly HealthCheck[], timeoutMs: number): Promise<HealthReport> {
  const outcomes = await Promise.all(checks.map((check) => runCheck(check, timeoutMs)));
  const failures = outcomes.flatMap((outcome) => (outcome !== undefined && 'failure' in outcome ? [outcome.failure] : []));
  if (failures.length > 0) return { status: 'unhealthy', error: failures.join('; ') };
  const degraded = outcomes.flatMap((outcome) => (outcome !== undefined && 'degraded' in outcome ? [outcome.degraded] : []));
  return degraded.length === 0 ? { status: 'healthy' } : { status: 'healthy', degraded: degraded.join('; ') };
}

/** Adds GET /health to `router` (405 to any other method). */
export function mountHealthRoute(router: Router, { checks, timeoutMs = 2_000, simulation = true, details }: HealthOptions): void {
  router.get('/health', async function health(req, res) {
    res.set('Cache-Control', 'no-store');
    if (req.query.simulate !== undefined) {
      if (!simulation) {
        res.status(400).json({ error: 'simulation_disabled', message: 'Health simulation is off (HEALTH_SIMULATION=off)' });
        return;
      }
      if (req.query.simulate !== 'unhealthy') {
        res.status(400).json({ error: 'invalid_simulate', message: 'simulate accepts only the value unhealthy' });
        return;
      }
      // Changes no state: the next plain /health reports the real dependencies again.
      res.status(503).json({ status: 'unhealthy', error: 'database: connection refused (simulated)' });
      return;
    }
    const report = await checkHealth(checks, timeoutMs);
    res.status(report.status === 'healthy' ? 200 : 503).json(details ? { ...report, ...details } : report);
  });
  // Any other method: 405 with Allow, as on the protocol routes (express answers HEAD with the GET route).
  router.all('/health', function healthMethodNotAllowed(_req, res) {
    res.status(405).set('Allow', 'GET, HEAD').json({ error: 'method_not_allowed', message: 'The health report is read with GET.' });
  });
}
