// JSON-RPC 2.0 as this server sees it: the message kinds, one cheap classification of any parsed body
// (no schema parse per message), and error bodies. Every request that can be identified gets an answer.

export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** 2026-07-28: the MCP-Protocol-Version / Mcp-Method / Mcp-Name headers disagree with the body. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request names a revision this server does not serve. */
  UnsupportedProtocolVersion: -32022,
  /** Server-defined range: the session is unknown or gone; reconnect with GET /sse. */
  SessionNotFound: -32001,
  /** Shutting down, at a capacity limit, or a dependency (Redis) is down: retry later. */
  ServerUnavailable: -32002,
} as const;

export type RequestId = string | number;

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: Record<string, unknown>;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: RequestId; result: unknown }
  | { jsonrpc: '2.0'; id: RequestId | null; error: JsonRpcErrorObject };

export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** Thrown by a method handler to answer with this JSON-RPC error. */
export class JsonRpcError extends Error {
  override name = 'JsonRpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function errorBody(code: number, message: string, id: RequestId | null = null, data?: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

export function resultBody(id: RequestId, result: unknown): JsonRpcResponse {
  return { jsonrpc: '2.0', id, result };
}

/**
 * Longest string id accepted. Every answer repeats its request's id and a session keeps it while the call
 * runs, so a longer one is refused as invalid rather than copied into the answer.
 */
export const MAX_ID_LENGTH = 200;

/**
 * The refusal of an id no answer may repeat. A number past 2^53 - 1 is parsed to the nearest double
 * (123456789012345678901234567890 becomes 1.2345678901234568e+29) and could only be answered with another
 * id than the client's: refused, on every lane. Smaller numbers are taken on POST /messages and echoed
 * (the hub's contract says integer; JSON-RPC allows others); /mcp takes integers only, as the SDK's schema says.
 */
export const ID_RULE = `id must be a string of at most ${MAX_ID_LENGTH} characters or a number from -(2^53 - 1) to 2^53 - 1`;

/** Whether an answer can repeat this number exactly: within 2^53 - 1, where JSON readers agree on its value. */
export function isExactNumber(value: number): boolean {
  return Math.abs(value) <= Number.MAX_SAFE_INTEGER;
}

function isId(value: unknown): value is RequestId {
  return (typeof value === 'string' && value.length <= MAX_ID_LENGTH) || (typeof value === 'number' && isExactNumber(value));
}

/** Whether a request's id is one no answer may repeat: a string over MAX_ID_LENGTH, a number past 2^53 - 1. */
export function isUnechoableId(id: unknown): boolean {
  return (typeof id === 'string' && id.length > MAX_ID_LENGTH) || (typeof id === 'number' && !isExactNumber(id));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a parsed body is. `invalid` carries the answer to give (with the body's id when it has a usable
 * one), so a malformed request is answered rather than dropped. Extra top-level keys are tolerated.
 */
export type Classified =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; message: JsonRpcResponse }
  | { kind: 'invalid'; answer: JsonRpcResponse; id: RequestId | null };

export function classify(value: unknown): Classified {
  const invalid = (id: RequestId | null, code: number, text: string): Classified => ({
    kind: 'invalid',
    id,
    answer: errorBody(code, text, id),
  });
  if (!isPlainObject(value)) {
    return invalid(null, JsonRpcErrorCode.InvalidRequest, 'The body must be one JSON-RPC 2.0 message object');
  }
  const id = isId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return invalid(id, JsonRpcErrorCode.InvalidRequest, 'jsonrpc must be "2.0"');
  if ('method' in value) {
    if (typeof value.method !== 'string' || value.method === '') {
      return invalid(id, JsonRpcErrorCode.InvalidRequest, 'method must be a non-empty string');
    }
    if ('id' in value && id === null) {
      return invalid(null, JsonRpcErrorCode.InvalidRequest, ID_RULE);
    }
    const params = value.params;
    // JSON-RPC allows by-position params (an array): a valid request with params MCP cannot take (-32602).
    // Anything else is not a request at all (-32600).
    if (Array.isArray(params)) return invalid(id, JsonRpcErrorCode.InvalidParams, 'params must be an object, not an array');
    if (params !== undefined && !isPlainObject(params)) {
      return invalid(id, JsonRpcErrorCode.InvalidRequest, 'params must be an object');
    }
    if (params !== undefined && params._meta !== undefined && !isPlainObject(params._meta)) {
      return invalid(id, JsonRpcErrorCode.InvalidParams, 'params._meta must be an object');
    }
    return id === null
      ? { kind: 'notification', message: value as unknown as JsonRpcNotification }
      : { kind: 'request', message: value as unknown as JsonRpcRequest };
  }
  if (id !== null && ('result' in value) !== ('error' in value)) {
    return { kind: 'response', message: value as unknown as JsonRpcResponse };
  }
  return invalid(id, JsonRpcErrorCode.InvalidRequest, 'A message needs a method (request or notification), or an id with result or error');
}

/**
 * Whether an invalid message is a request whose params MCP cannot take (by position, or a non-object
 * `_meta`): a JSON-RPC error (-32602) like any other a method answers, so every lane answers it with the
 * status it gives JSON-RPC errors (200 in the body, 202 and the stream on a session), not as a framing error.
 */
export function isParamsError(classified: Classified): boolean {
  return classified.kind === 'invalid' && classified.id !== null && 'error' in classified.answer && classified.answer.error.code === JsonRpcErrorCode.InvalidParams;
}

/** The id to echo in an error about this body, when it has a usable one. */
export function idOf(value: unknown): RequestId | null {
  return isPlainObject(value) && isId(value.id) ? value.id : null;
}
