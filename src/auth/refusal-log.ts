// Says why a bearer token was refused (issue 25): at info at most once a minute per client (a client
// retrying a bad token would otherwise fill the log), every time at debug. The reason names the check
// and our expected value (src/auth/jwt.ts, introspect.ts); never the token, never its claims.
import type { Logger } from '../logger';

export interface RefusalLogOptions {
  /** One info line per client per this long (default a minute). */
  windowMs?: number;
  /** Clients remembered at most; the oldest is forgotten first (bounded memory under many addresses). */
  maxClients?: number;
}

export function createRefusalLog(logger: Logger, { windowMs = 60_000, maxClients = 10_000 }: RefusalLogOptions = {}) {
  const lastLogged = new Map<string, { at: number; suppressed: number }>();

  return function logRefusal(client: string, reason: string): void {
    if (logger.isLevelEnabled('debug')) return void logger.debug({ client, reason }, 'invalid token refused');
    const now = Date.now();
    const seen = lastLogged.get(client);
    if (seen !== undefined && now - seen.at < windowMs) return void (seen.suppressed += 1);
    lastLogged.delete(client); // re-inserted last: the oldest-first eviction keeps it longest
    if (lastLogged.size >= maxClients) lastLogged.delete(lastLogged.keys().next().value!);
    lastLogged.set(client, { at: now, suppressed: 0 });
    logger.info({ client, reason, ...(seen?.suppressed ? { suppressed: seen.suppressed } : {}) }, 'invalid token refused');
  };
}
