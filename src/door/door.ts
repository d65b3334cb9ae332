// The door: every request passes here before any route or lane (src/server.ts). Host, then Origin, then
// the caller (except GET /health, which load balancers probe). Answers a refusal itself and returns false.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DoorSettings } from '../config';
import type { Logger } from '../logger';
import { createCallerCheck } from './caller';
import { createHostCheck, createOriginCheck } from './hosts';
import { createRefuse, REFUSALS } from './refusal';

export type Door = (req: IncomingMessage, res: ServerResponse) => boolean;

/** Paths open to any caller (the Host and Origin checks still apply). /metrics will live on its own port. */
function isPublic(url: string | undefined): boolean {
  return url === '/health' || (url?.startsWith('/health?') ?? false);
}

/** One line at every start saying how callers are checked; a warning when nobody is. */
function announce(options: DoorSettings, logger: Logger | undefined): void {
  if (!logger) return;
  const { callerAuth, secrets, callerNetworks, trustedProxies, secretHeader } = options;
  if (callerAuth === 'off') {
    logger.warn("CALLER_AUTH=off: anyone who reaches this server can run its tools and use its hub keys for any session id");
  } else if (secrets.length === 0 && callerNetworks.length === 0) {
    logger.info('no caller authentication (not production): set HUB_SECRETS and/or CALLER_NETWORKS before exposing this server');
  } else {
    logger.info(
      { secrets: secrets.length, secretHeader: secrets.length > 0 ? secretHeader : undefined, callerNetworks, trustedProxies },
      'caller authentication on',
    );
  }
}

export function createDoor(options: DoorSettings, logger?: Logger): Door {
  const hostAllowed = createHostCheck(options.allowedHosts);
  const originAllowed = createOriginCheck(options.allowedOrigins);
  const checkCaller = options.callerAuth === 'on' ? createCallerCheck(options) : undefined;
  const refuse = createRefuse(logger);
  announce(options, logger);

  return function door(req, res) {
    if (!hostAllowed(req.headers.host)) return refuse(req, res, REFUSALS.host);
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin)) return refuse(req, res, REFUSALS.origin);
    if (checkCaller === undefined || isPublic(req.url)) return true;
    const refusal = checkCaller(req);
    return refusal === undefined ? true : refuse(req, res, refusal);
  };
}
