// Every error the emulator answers is JSON, `{ error: { code, message } }`, never HTML; this holds the
// helper, the not-found route and the error handler that also turns body-parser failures into JSON.
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';

export function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } });
}

export const notFound: RequestHandler = function notFound(req, res) {
  sendError(res, 404, 'not_found', `no route for ${req.method} ${req.path}`);
};

function hasType(err: unknown): err is { type: string } {
  return typeof err === 'object' && err !== null && 'type' in err && typeof err.type === 'string';
}

export const jsonErrors: ErrorRequestHandler = function jsonErrors(err: unknown, _req, res, next) {
  if (res.headersSent) return next(err);
  const type = hasType(err) ? err.type : undefined;
  if (type === 'entity.too.large') return sendError(res, 413, 'body_too_large', 'the request body is over the limit');
  if (type === 'entity.parse.failed') return sendError(res, 400, 'malformed_json', 'the body is not valid JSON');
  if (type !== undefined) return sendError(res, 400, 'bad_body', 'the request body could not be read');
  // Client errors raised by express or the router (a malformed URL, say) keep their 4xx status.
  const status = typeof err === 'object' && err !== null && 'status' in err ? Number(err.status) : Number.NaN;
  if (status >= 400 && status < 500) return sendError(res, status, 'bad_request', 'the request could not be handled');
  sendError(res, 500, 'internal', 'the emulator failed to handle the request');
};
