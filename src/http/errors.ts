// The app's last handlers: unknown routes and every thrown error become JSON, never HTML.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logger';

export const notFound: RequestHandler = function notFound(req, res) {
  res.status(404).json({ error: 'not_found', message: `No route for ${req.method} ${req.path}` });
};

/** http-errors style client errors raised by express or the router (e.g. a malformed URL): status kept. */
function clientStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return function jsonErrorHandler(error: unknown, req, res, _next) {
    const status = clientStatus(error);
    if (status === undefined) logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error in route');
    if (res.headersSent) {
      res.end();
      return;
    }
    res
      .status(status ?? 500)
      .json(status === undefined ? { error: 'internal', message: 'Internal error' } : { error: 'bad_request', message: 'The request could not be handled' });
  };
}
