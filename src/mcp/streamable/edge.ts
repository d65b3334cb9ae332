// The checks a POST /mcp passes before the core sees it (MCP Streamable HTTP; 2026-07-28's validation
// ladder). Era classification is the SDK's own `classifyInboundRequest` (v2): the revision's rules, kept
// by the SDK. The standard-header rung (required MCP-Protocol-Version / Mcp-Method / Mcp-Name on a
// 2026-07-28 request) is not exported by the SDK, so it is here, in the SDK's words and codes.
import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { errorBody, HANDSHAKE_VERSIONS, isKnownMethod, JsonRpcErrorCode, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type RequestId } from '../core';

export type Edge =
  | { kind: 'request'; message: JsonRpcRequest; modern: boolean }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'ignore' }
  | { kind: 'reject'; status: number; answer: JsonRpcResponse };

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim();
}

function idOf(body: unknown): RequestId | null {
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/** A header value may be sent as =?base64?…?= when it is not plain ASCII (SEP-2243). */
function decodeHeaderValue(value: string): string | undefined {
  const match = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  if (!match) return value;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  return Buffer.from(decoded, 'utf8').toString('base64') === match[1] ? decoded : undefined;
}

const mismatch = (id: RequestId | null, headerValue: string, body: string): Edge => ({
  kind: 'reject',
  status: 400,
  answer: errorBody(JsonRpcErrorCode.HeaderMismatch, `Bad Request: the request headers and body disagree: ${body}`, id, {
    mismatch: { header: headerValue, body },
  }),
});

/** The standard-header rung for a 2026-07-28 request. */
function standardHeaders(message: JsonRpcRequest, headers: IncomingHttpHeaders): Edge | undefined {
  const version = header(headers, 'mcp-protocol-version');
  if (version === undefined) return mismatch(message.id, '(missing)', 'the body carries a modern per-request envelope but the required MCP-Protocol-Version header is absent');
  if (header(headers, 'mcp-method') === undefined) return mismatch(message.id, '(missing)', `the body names method ${message.method} but the required Mcp-Method header is absent`);
  if (message.method !== 'tools/call') return undefined;
  const bodyName = message.params?.name;
  const nameHeader = header(headers, 'mcp-name');
  if (typeof bodyName !== 'string') return undefined;
  if (nameHeader === undefined) return mismatch(message.id, '(missing)', `the body carries params.name="${bodyName}" but the required Mcp-Name header is absent`);
  const decoded = decodeHeaderValue(nameHeader);
  if (decoded === undefined) return mismatch(message.id, nameHeader, 'the Mcp-Name header carries an invalid Base64 sentinel value');
  if (decoded !== bodyName) return mismatch(message.id, nameHeader, `the body carries params.name="${bodyName}" but the Mcp-Name header names "${decoded}"`);
  return undefined;
}

const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * A plain 2025-era request, answered by the SDK's classification exactly as `legacy`/`no-claim` (issue 12:
 * it zod-parses every body): a strict JSON-RPC request object (only jsonrpc, id, method, params; an id
 * that is a string or an integer; params an object without `_meta`, so no envelope claim), not
 * `initialize`, and no MCP-Protocol-Version header or a handshake one. Anything else takes the SDK's path.
 */
export function isPlainLegacyRequest(body: unknown, versionHeader: string | undefined): body is JsonRpcRequest {
  if (versionHeader !== undefined && !(HANDSHAKE_VERSIONS as readonly string[]).includes(versionHeader)) return false;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const message = body as Record<string, unknown>;
  for (const key in message) if (!REQUEST_KEYS.has(key)) return false;
  const { id, method, params } = message;
  if (message.jsonrpc !== '2.0' || typeof method !== 'string' || method === 'initialize') return false;
  if (typeof id !== 'string' && !Number.isInteger(id)) return false;
  if (params === undefined) return true;
  return typeof params === 'object' && params !== null && !Array.isArray(params) && !('_meta' in params);
}

/** Classifies one parsed POST /mcp body; a rejection carries its HTTP status and JSON-RPC answer. */
export function edge(body: unknown, headers: IncomingHttpHeaders): Edge {
  const protocolVersionHeader = header(headers, 'mcp-protocol-version');
  if (isPlainLegacyRequest(body, protocolVersionHeader)) return { kind: 'request', message: body, modern: false };
  if (Array.isArray(body)) {
    return { kind: 'reject', status: 400, answer: errorBody(JsonRpcErrorCode.InvalidRequest, 'Bad Request: JSON-RPC batches are not supported by this endpoint') };
  }
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    body,
    protocolVersionHeader,
    mcpMethodHeader: header(headers, 'mcp-method'),
    mcpNameHeader: header(headers, 'mcp-name'),
  });
  if (route.kind === 'reject') {
    return { kind: 'reject', status: route.httpStatus, answer: errorBody(route.code, route.message, idOf(body), route.data) };
  }
  if (route.kind === 'modern') {
    if (route.messageKind === 'notification') return { kind: 'notification', message: route.message as unknown as JsonRpcNotification };
    const message = route.message as unknown as JsonRpcRequest;
    const rejected = standardHeaders(message, headers);
    if (rejected) return rejected;
    // The method-registry rung: a method the revision does not define is 404 (2026-07-28 ladder).
    if (!isKnownMethod(message.method, message.params)) {
      return { kind: 'reject', status: 404, answer: errorBody(JsonRpcErrorCode.MethodNotFound, `Method not found: ${message.method.slice(0, 100)}`, message.id) };
    }
    return { kind: 'request', message, modern: true };
  }
  // 2025-era: an unsupported MCP-Protocol-Version header is 400 (2025-06-18, "Protocol Version Header").
  if (protocolVersionHeader !== undefined && route.reason !== 'initialize' && !(HANDSHAKE_VERSIONS as readonly string[]).includes(protocolVersionHeader)) {
    const text = `Bad Request: unsupported MCP-Protocol-Version ${protocolVersionHeader.slice(0, 40)}`;
    return { kind: 'reject', status: 400, answer: errorBody(JsonRpcErrorCode.InvalidRequest, text, idOf(body), { supported: HANDSHAKE_VERSIONS }) };
  }
  switch (route.reason) {
    case 'response':
      return { kind: 'ignore' };
    case 'notification':
      return { kind: 'notification', message: body as JsonRpcNotification };
    default:
      return { kind: 'request', message: body as JsonRpcRequest, modern: false };
  }
}
