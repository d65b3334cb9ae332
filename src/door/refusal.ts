// How the door says no: 401/403 with a JSON body `{ error, message }`, and a log line per reason that
// cannot be turned into a flood (the first refusal, then at most one a minute with a count of the rest).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/send-json';
import type { Logger } from '../logger';

export interface Refusal {
  status: 401 | 403;
  error: string;
  message: string;
}

export const REFUSALS = {
  host: { status: 403, error: 'host_not_allowed', message: 'This server does not answer to that host name.' },
  origin: { status: 403, error: 'origin_not_allowed', message: 'Requests from that origin are not allowed.' },
  network: { status: 403, error: 'caller_not_allowed', message: 'Requests from your network are not allowed.' },
  secret: {
    status: 401,
    error: 'caller_unauthenticated',
    message: 'This server only accepts calls from its assistant hub: the hub secret is missing or wrong.',
  },
} as const satisfies Record<string, Refusal>;

const LOG_EVERY_MS = 60_000;

export function createRefuse(logger?: Logger): (req: IncomingMessage, res: ServerResponse, refusal: Refusal) => false {
  const lastLogged = new Map<string, { at: number; suppressed: number }>();
  return function refuse(req, res, refusal) {
    // Connection: close, so a refused caller's body is not read on its behalf.
    sendJson(res, refusal.status, { error: refusal.error, message: refusal.message }, { Connection: 'close' });
    if (logger) {
      const now = Date.now();
      const seen = lastLogged.get(refusal.error);
      if (seen && now - seen.at < LOG_EVERY_MS) seen.suppressed += 1;
      else {
        // The path without its query: a query may carry a session id.
        const path = (req.url ?? '').split('?', 1)[0]?.slice(0, 100);
        logger.warn(
          { reason: refusal.error, method: req.method, path, peer: req.socket.remoteAddress, suppressed: seen?.suppressed ?? 0 },
          'request refused at the door',
        );
        lastLogged.set(refusal.error, { at: now, suppressed: 0 });
      }
    }
    return false;
  };
}
