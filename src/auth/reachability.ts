// One line when the authorization server stops answering (warn) and one when it answers again (info), like
// Redis's: told by whatever asks it something (token verification, grants, /health's probe).
import type { Logger } from '../logger';

export interface Reachability {
  /** It did not answer (network, time-out, 5xx): a warn line the first time. */
  failed(reason: string): void;
  /** It answered: an info line when it had not been answering. */
  answered(): void;
  readonly reachable: boolean;
}

export function createReachability(logger: Logger, issuer: string): Reachability {
  let down: { since: number; failures: number } | undefined;
  return {
    failed(reason) {
      if (down !== undefined) return void (down.failures += 1);
      down = { since: Date.now(), failures: 1 };
      logger.warn({ issuer, reason }, 'authorization server unreachable: verified tokens and cached keys still serve; new tokens and exchanges fail');
    },
    answered() {
      if (down === undefined) return;
      logger.info({ issuer, downForMs: Date.now() - down.since, failures: down.failures }, 'authorization server reachable again');
      down = undefined;
    },
    get reachable() {
      return down === undefined;
    },
  };
}
