// The app's last handlers: unknown routes and every thrown or body-parser error become JSON, never HTML.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from '../logger';
import { errorBody, JsonRpcErrorCode } from '../mcp/jsonrpc';

export const notFound: RequestHandler = function notFound(req, res) {
  res.status(404).json({ error: 'not_found', message: `No route for ${req.method} ${req.path}` });
};

/** body-parser's error types, mapped to a status and a JSON-RPC code (the only JSON bodies we parse are JSON-RPC). */
const BODY_ERRORS: Record<string, { status: number; code: number; message: (limit?: number) => string }> = {
  'entity.parse.failed': { status: 400, code: JsonRpcErrorCode.ParseError, message: () => 'Parse error: body is not valid JSON' },
  'entity.too.large': { status: 413, code: JsonRpcErrorCode.InvalidRequest, message: (limit) => `Body is larger than the limit of ${limit} bytes` },
  'encoding.unsupported': { status: 415, code: JsonRpcErrorCode.InvalidRequest, message: () => 'Unsupported Content-Encoding' },
  'charset.unsupported': { status: 415, code: JsonRpcErrorCode.InvalidRequest, message: () => 'Unsupported charset; use utf-8' },
  'request.aborted': { status: 400, code: JsonRpcErrorCode.InvalidRequest, message: () => 'Request aborted' },
  'request.size.invalid': { status: 400, code: JsonRpcErrorCode.InvalidRequest, message: () => 'Body size does not match Content-Length' },
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return function jsonErrorHandler(error: unknown, req, res, _next) {
    const type = typeof error === 'object' && error !== null && 'type' in error ? String(error.type) : undefined;
    const known = type === undefined ? undefined : BODY_ERRORS[type];
    if (known) {
      const limit = (error as { limit?: number }).limit;
      if (!res.headersSent) res.status(known.status).json(errorBody(known.code, known.message(limit)));
      return;
    }
    logger.error({ err: error, method: req.method, path: req.path }, 'unhandled error in route');
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(500).json(errorBody(JsonRpcErrorCode.InternalError, 'Internal error'));
  };
}
