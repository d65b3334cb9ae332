// One log line per refused request's cause, rate-limited: the first refusal of a cause is written at once,
// then at most one line per cause every `everyMs`, saying how many were not written since (`suppressed`).
// A flood of bad requests costs a line a minute per cause, and a rolling restart's 503s are still seen.
// Never the credential, the body or an argument: the cause, the status, the method and the path without
// its query (a query may carry a session id). A new refusal is one call: `refusals.refused(req, status, cause)`.
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';

export interface RefusalLogOptions {
  /** At most one line per cause this often (default a minute); the next line counts the ones in between. */
  everyMs?: number;
  /** Causes remembered at most; past it the oldest is forgotten (causes are constants of the code: a bound, not a limit). */
  maxCauses?: number;
  now?: () => number;
  /** The line's message (default `request refused`). */
  message?: string;
  /** The line's level by the status answered. Default: warn for a server error (503 while draining, at capacity), info for a client's mistake. */
  levelOf?: (status: number) => 'info' | 'warn';
}

const byStatus = (status: number): 'info' | 'warn' => (status >= 500 ? 'warn' : 'info');

/** The fields a refusal may add to its line: short, checked values (a limit, a session's hash), never input. */
export type RefusalFields = Readonly<Record<string, string | number | boolean | undefined>>;

export interface RefusalLog {
  /** Logs that `req` was answered `status` because of `cause` (a short constant: `draining`, `body-too-large`). */
  refused(req: IncomingMessage, status: number, cause: string, fields?: RefusalFields): void;
  /**
   * Writes the count of every cause whose refusals since its last line were not written, and starts each
   * window anew. Called at shutdown: a rolling restart's drain refusals come after the first line of the
   * window, and the process ends before another would say how many there were.
   */
  flush(): void;
}

interface Seen {
  at: number;
  suppressed: number;
  /** The status of the last refusal of this cause, for the line that counts them. */
  status: number;
}

/** The path without its query, cut: a query may carry a session id, and a path is the client's text. */
function pathOf(url: string | undefined): string {
  const path = url ?? '';
  const end = path.indexOf('?');
  return (end === -1 ? path : path.slice(0, end)).slice(0, 100);
}

export function createRefusalLog(
  logger: Logger,
  { everyMs = 60_000, maxCauses = 1000, now = Date.now, message = 'request refused', levelOf = byStatus }: RefusalLogOptions = {},
): RefusalLog {
  const seen = new Map<string, Seen>();
  return {
    refused(req, status, cause, fields) {
      const level = levelOf(status);
      if (!logger.isLevelEnabled(level)) return;
      const at = now();
      const last = seen.get(cause);
      if (last !== undefined && at - last.at < everyMs) {
        last.suppressed += 1;
        last.status = status;
        return;
      }
      if (last === undefined && seen.size >= maxCauses) seen.delete(seen.keys().next().value!);
      seen.set(cause, { at, suppressed: 0, status });
      logger[level]({ cause, status, method: req.method, path: pathOf(req.url), suppressed: last?.suppressed ?? 0, ...fields }, message);
    },
    flush() {
      for (const [cause, last] of seen) {
        if (last.suppressed === 0) continue;
        const level = levelOf(last.status);
        if (logger.isLevelEnabled(level)) logger[level]({ cause, status: last.status, suppressed: last.suppressed }, message);
        seen.delete(cause);
      }
    },
  };
}

/** A refusal log that writes nothing: for a lane built without a logger (tests of framing only). */
export const NO_REFUSAL_LOG: RefusalLog = { refused: () => undefined, flush: () => undefined };
