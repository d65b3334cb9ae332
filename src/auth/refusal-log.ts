// Says why a bearer token was refused: at info, the first refusal of each distinct reason per
// client (so a developer trying fixes sees every new reason), then at most one summary a minute per client with
// the count of each reason since; every refusal at debug. The reason names the check and our expected value
// (src/auth/jwt.ts, introspect.ts), with the hashed subject tag where the claims could be trusted (a signed
// token that expired or names another audience); never the token, never its claims.
import type { Logger } from '../logger';

export interface RefusalLogOptions {
  /** At most one summary line per client per this long (default a minute). */
  windowMs?: number;
  /** Clients remembered at most; the oldest is forgotten first (bounded memory under many addresses). */
  maxClients?: number;
  /** Distinct reasons remembered per client; past it, new ones are counted as "other reasons". */
  maxReasons?: number;
  now?: () => number;
}

interface Seen {
  /** Reasons already logged, by their shape (numbers elided), with the count since the last line. */
  reasons: Map<string, number>;
  summarisedAt: number;
  other: number;
}

/** "expired 12 s ago" and "expired 13 s ago" are one reason. */
const shapeOf = (reason: string): string => reason.replace(/\d+/g, 'N');

export function createRefusalLog(logger: Logger, { windowMs = 60_000, maxClients = 10_000, maxReasons = 20, now = Date.now }: RefusalLogOptions = {}) {
  const clients = new Map<string, Seen>();

  function summarise(client: string, seen: Seen, at: number): void {
    const counts = Object.fromEntries([...seen.reasons].filter(([, count]) => count > 0));
    if (seen.other > 0) counts['other reasons'] = seen.other;
    if (Object.keys(counts).length === 0) return;
    logger.info({ client, refused: counts, sinceMs: at - seen.summarisedAt }, 'invalid tokens refused again');
    for (const reason of seen.reasons.keys()) seen.reasons.set(reason, 0);
    seen.other = 0;
    seen.summarisedAt = at;
  }

  /** `userId`: the refused token's hashed subject, where its claims could be trusted (src/auth/verdict.ts). */
  return function logRefusal(client: string, reason: string, userId?: string): void {
    if (logger.isLevelEnabled('debug')) return void logger.debug({ client, reason, userId }, 'invalid token refused');
    const at = now();
    let seen = clients.get(client);
    if (seen === undefined) {
      if (clients.size >= maxClients) clients.delete(clients.keys().next().value!);
      seen = { reasons: new Map(), summarisedAt: at, other: 0 };
      clients.set(client, seen);
    }
    const shape = shapeOf(reason);
    const count = seen.reasons.get(shape);
    if (count === undefined && seen.reasons.size < maxReasons) {
      seen.reasons.set(shape, 0);
      logger.info({ client, reason, userId }, 'invalid token refused');
      return;
    }
    if (count === undefined) seen.other += 1;
    else seen.reasons.set(shape, count + 1);
    if (at - seen.summarisedAt >= windowMs) summarise(client, seen, at);
  };
}
