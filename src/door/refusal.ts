// How the door says no: 401/403 with a JSON body `{ error, message }`, and a log line per reason that
// cannot be turned into a flood (src/logging/refusals.ts: the first refusal, then at most one a minute
// with a count of the rest).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/send-json';
import type { Logger } from '../logger';
import { createRefusalLog, NO_REFUSAL_LOG } from '../logging/refusals';
import type { Metrics, RefusalReason } from '../telemetry';

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

/** The `reason` label of mcp_refused_requests_total: a bad Host or Origin, else the caller's credentials or network. */
function metricReason(refusal: Refusal): RefusalReason {
  return refusal === REFUSALS.host ? 'host' : refusal === REFUSALS.origin ? 'origin' : 'auth';
}

/** Every refusal at the door is worth a look (a misconfigured hub, a probe): warn, whatever the status. */
const WARN = (): 'warn' => 'warn';

export function createRefuse(logger?: Logger, metrics?: Metrics): (req: IncomingMessage, res: ServerResponse, refusal: Refusal) => false {
  const refusals = logger ? createRefusalLog(logger, { everyMs: LOG_EVERY_MS, message: 'request refused at the door', levelOf: WARN }) : NO_REFUSAL_LOG;
  return function refuse(req, res, refusal) {
    // Connection: close, so a refused caller's body is not read on its behalf.
    sendJson(res, refusal.status, { error: refusal.error, message: refusal.message }, { Connection: 'close' });
    metrics?.refused(metricReason(refusal));
    refusals.refused(req, refusal.status, refusal.error, { reason: refusal.error, peer: req.socket.remoteAddress });
    return false;
  };
}
