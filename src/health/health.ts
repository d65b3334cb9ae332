// GET /health: runs every registered dependency check under a short time-out (contract: Health report).
// Add a check per dependency your tools need, e.g. a database ping, in src/index.ts.
import type { Router } from 'express';

export interface HealthCheck {
  /** Named in the report when it fails, e.g. "customer-api" or "database". */
  name: string;
  /** Resolves when the dependency is usable; rejects with an Error whose message says why not. */
  check(signal: AbortSignal): Promise<void>;
}

export interface HealthOptions {
  checks: readonly HealthCheck[];
  /** Each check is given this long (default 2 s): a health probe must answer before the prober gives up. */
  timeoutMs?: number;
  /** Allows ?simulate=unhealthy (HEALTH_SIMULATION=on, the default). */
  simulation?: boolean;
}

export type HealthReport = { status: 'healthy' } | { status: 'unhealthy'; error: string };

async function runCheck({ name, check }: HealthCheck, timeoutMs: number): Promise<string | undefined> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    await Promise.race([
      check(signal),
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error(`no answer within ${timeoutMs} ms`)), { once: true }),
      ),
    ]);
    return undefined;
  } catch (error) {
    return `${name}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export async function checkHealth(checks: readonly HealthCheck[], timeoutMs: number): Promise<HealthReport> {
  const failures = (await Promise.all(checks.map((check) => runCheck(check, timeoutMs)))).filter(
    (failure): failure is string => failure !== undefined,
  );
  return failures.length === 0 ? { status: 'healthy' } : { status: 'unhealthy', error: failures.join('; ') };
}

/** Adds GET /health to `router`. */
export function mountHealthRoute(router: Router, { checks, timeoutMs = 2_000, simulation = true }: HealthOptions): void {
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
    res.status(report.status === 'healthy' ? 200 : 503).json(report);
  });
}
