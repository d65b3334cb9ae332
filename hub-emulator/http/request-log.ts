// One info line per request the emulator serves: method, the route template (never ids, file names or
// the query), status and duration. Headers are never logged: they carry keys and users' credentials.
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../../src/logger';

/** `/emulator/library/:owner` rather than the filled-in path; unmatched routes are logged as such. */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route?.path;
  return typeof route === 'string' ? `${req.baseUrl}${route}` : '(no route)';
}

export function requestLog(logger: Logger): RequestHandler {
  return function logRequest(req, res, next) {
    const started = performance.now();
    res.once('finish', () => {
      logger.info(
        { method: req.method, route: routeOf(req), status: res.statusCode, durationMs: Math.round((performance.now() - started) * 10) / 10 },
        'hub request served',
      );
    });
    next();
  };
}
