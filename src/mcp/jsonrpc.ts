// JSON-RPC 2.0 framing for the HTTP layer: a cheap shape check (no schema parse per message) and error bodies.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export const JsonRpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** Server-defined range: the session is unknown or gone; reconnect with GET /sse. */
  SessionNotFound: -32001,
  /** Shutting down or at MAX_SESSIONS: retry later. */
  ServerUnavailable: -32002,
} as const;

/** Thrown inside a request handler to answer with this JSON-RPC error code (the SDK reads `code`). */
export class JsonRpcError extends Error {
  override name = 'JsonRpcError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

export function errorBody(code: number, message: string, id: string | number | null = null): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

function isId(value: unknown): value is string | number {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * True when `value` is a single JSON-RPC 2.0 request, notification or response. Only the framing is
 * checked here; params are validated by the SDK's handler for their method.
 */
export function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return false;
  if (typeof message.method === 'string') {
    const params = message.params;
    if (params !== undefined && (typeof params !== 'object' || params === null)) return false;
    return message.id === undefined || isId(message.id);
  }
  // A response (the client answering a server request): an id and exactly one of result/error.
  return isId(message.id) && ('result' in message) !== ('error' in message);
}

export function isRequest(message: JSONRPCMessage): message is JSONRPCMessage & { id: string | number; method: string } {
  return 'method' in message && 'id' in message && message.id !== undefined;
}

/** The id to echo in an error about this body, when it has a usable one. */
export function idOf(value: unknown): string | number | null {
  if (typeof value === 'object' && value !== null && 'id' in value) {
    const id = (value as { id: unknown }).id;
    if (isId(id)) return id;
  }
  return null;
}
