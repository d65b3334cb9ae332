// The door: every request passes here before any route or lane (src/server.ts). Host, then Origin, then
// the caller (except on the open paths below). Answers a refusal itself and returns false.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger';
import type { Metrics } from '../telemetry';
import { createCallerCheck } from './caller';
import { createHostCheck, createOriginCheck } from './hosts';
import { createRefuse, REFUSALS } from './refusal';
import type { DoorSettings } from './settings';

export type Door = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The path of a request URL, without its query. */
function pathOf(url: string | undefined): string {
  if (url === undefined) return '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
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

/** Methods that only read: a page on any origin may send them to a public document. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `openPaths`: paths that skip the caller check (the Host and Origin checks still apply): GET /health,
 * which load balancers probe, and with MCP_AUTH=oauth /mcp and its metadata, whose callers prove who they
 * are with a bearer token instead of the hub's secret or network. A path ending in `/` opens
 * everything under it (the views' runtime, /views/, public code).
 * `publicPaths`: documents for everyone (the Server Card and the AI Catalog, CORS `*`): they skip the
 * caller check, and a read of them skips the Origin check too; the Host check, against DNS rebinding, stays.
 */
export function createDoor(options: DoorSettings, logger?: Logger, metrics?: Metrics, openPaths: readonly string[] = [], publicPaths: readonly string[] = []): Door {
  const hostAllowed = createHostCheck(options.allowedHosts);
  const originAllowed = createOriginCheck(options.allowedOrigins);
  const checkCaller = options.callerAuth === 'on' ? createCallerCheck(options) : undefined;
  const refuse = createRefuse(logger, metrics);
  const open = new Set(['/health', ...openPaths.filter((path) => !path.endsWith('/')), ...publicPaths]);
  const prefixes = openPaths.filter((path) => path.endsWith('/'));
  const isOpen = prefixes.length === 0 ? (path: string) => open.has(path) : (path: string) => open.has(path) || prefixes.some((prefix) => path.startsWith(prefix));
  const publicRead = (req: IncomingMessage) => READS.has(req.method ?? '') && publicPaths.includes(pathOf(req.url));
  announce(options, logger);

  return function door(req, res) {
    if (!hostAllowed(req.headers.host)) return refuse(req, res, REFUSALS.host);
    const origin = req.headers.origin;
    if (origin !== undefined && !originAllowed(origin) && !publicRead(req)) return refuse(req, res, REFUSALS.origin);
    if (checkCaller === undefined || isOpen(pathOf(req.url))) return true;
    const refusal = checkCaller(req);
    return refusal === undefined ? true : refuse(req, res, refusal);
  };
}
