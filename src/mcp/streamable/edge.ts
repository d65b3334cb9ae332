// The checks a POST /mcp passes before the core sees it (MCP Streamable HTTP; 2026-07-28's validation
// ladder). Era classification is the SDK's own `classifyInboundRequest` (v2): the revision's rules, kept
// by the SDK. The standard-header rung (required MCP-Protocol-Version / Mcp-Method / Mcp-Name on a
// 2026-07-28 request) is not exported by the SDK, so it is here, in the SDK's words and codes. The
// well-formed requests of both eras skip the SDK's zod parses by ./fast-path, held to `edgeBySdk` by tests.
import type { IncomingHttpHeaders } from 'node:http';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { HANDSHAKE_VERSIONS } from '../../protocol/versions';
import { classify, echoed, errorBody, ID_RULE, isKnownMethod, isParamsError, isUnechoableId, JsonRpcErrorCode, type KnownMethod, type JsonRpcNotification, type JsonRpcRequest, type JsonRpcResponse, type RequestId } from '../core';
import { isPlainLegacyRequest, isWellFormedModernRequest } from './fast-path';

export { isPlainLegacyRequest, isWellFormedModernRequest } from './fast-path';

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
  // A plain name (every tool name of ours) is taken as it is without running the pattern: it starts "=?".
  if (!value.startsWith('=?')) return value;
  const match = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  if (!match) return value;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  return Buffer.from(decoded, 'utf8').toString('base64') === match[1] ? decoded : undefined;
}

const mismatch = (id: RequestId | null, headerValue: string, body: string): Edge => ({
  kind: 'reject',
  status: 400,
  answer: errorBody(JsonRpcErrorCode.HeaderMismatch, `Bad Request: the request headers and body disagree: ${body}`, id, {
    mismatch: { header: echoed(headerValue), body },
  }),
});

/** The headers the classification reads, trimmed once. */
interface StandardHeaders {
  version: string | undefined;
  method: string | undefined;
  name: string | undefined;
}

function standardHeadersOf(headers: IncomingHttpHeaders): StandardHeaders {
  return { version: header(headers, 'mcp-protocol-version'), method: header(headers, 'mcp-method'), name: header(headers, 'mcp-name') };
}

/** The params field the Mcp-Name header must repeat, by method. */
// tasks/*: SEP-2663 names the task (`params.taskId`), so intermediaries can route every request for one task.
const NAMED_BY: Readonly<Record<string, string | undefined>> = { 'tools/call': 'name', 'resources/read': 'uri', 'prompts/get': 'name', 'tasks/get': 'taskId', 'tasks/update': 'taskId', 'tasks/cancel': 'taskId' };

/** The standard-header rung for a 2026-07-28 request. */
function standardHeaders(message: JsonRpcRequest, std: StandardHeaders): Edge | undefined {
  if (std.version === undefined) return mismatch(message.id, '(missing)', 'the body carries a modern per-request envelope but the required MCP-Protocol-Version header is absent');
  if (std.method === undefined) return mismatch(message.id, '(missing)', `the body names method ${echoed(message.method)} but the required Mcp-Method header is absent`);
  // Mcp-Name repeats params.name of tools/call and prompts/get and params.uri of resources/read (2026-07-28).
  const field = NAMED_BY[message.method];
  if (field === undefined) return undefined;
  const bodyName = message.params?.[field];
  const nameHeader = std.name;
  if (typeof bodyName !== 'string') return undefined;
  if (nameHeader === undefined) return mismatch(message.id, '(missing)', `the body carries params.${field}="${echoed(bodyName)}" but the required Mcp-Name header is absent`);
  const decoded = decodeHeaderValue(nameHeader);
  if (decoded === undefined) return mismatch(message.id, nameHeader, 'the Mcp-Name header carries an invalid Base64 sentinel value');
  if (decoded !== bodyName) return mismatch(message.id, nameHeader, `the body carries params.${field}="${echoed(bodyName)}" but the Mcp-Name header names "${echoed(decoded)}"`);
  return undefined;
}

type Route = ReturnType<typeof classifyInboundRequest>;

/**
 * A string id longer than MAX_ID_LENGTH, or a number past 2^53 - 1 (parsed to another number), cannot be
 * repeated in the answer: the request is refused before any rung that would echo it, 400 with
 * id null, as POST /messages answers it.
 */
function hasUnechoableId(body: unknown): boolean {
  return typeof body === 'object' && body !== null && isUnechoableId((body as { id?: unknown }).id);
}

/**
 * A request whose params MCP cannot take (by position, `params: []`, or a non-object `_meta`): -32602 with
 * its id, in-band (200) as the core answers any method's invalid params, in both eras. The SDK would
 * refuse it at the HTTP level (400) on one path and not on another.
 */
function paramsRefusal(body: unknown): Edge | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('params' in body)) return undefined;
  const classified = classify(body);
  return isParamsError(classified) && classified.kind === 'invalid' ? { kind: 'reject', status: 200, answer: classified.answer } : undefined;
}

const UNECHOABLE_ID: Edge = Object.freeze({
  kind: 'reject',
  status: 400,
  answer: errorBody(JsonRpcErrorCode.InvalidRequest, ID_RULE, null),
});

function sdkRoute(body: unknown, std: StandardHeaders): Route {
  return classifyInboundRequest({
    httpMethod: 'POST',
    body,
    protocolVersionHeader: std.version,
    mcpMethodHeader: std.method,
    mcpNameHeader: std.name,
  });
}

/**
 * Classifies one parsed POST /mcp body; a rejection carries its HTTP status and JSON-RPC answer. The
 * common well-formed requests of both eras skip the SDK's classification (./fast-path).
 */
export function edge(body: unknown, headers: IncomingHttpHeaders, knows: KnownMethod = isKnownMethod): Edge {
  if (hasUnechoableId(body)) return UNECHOABLE_ID;
  const version = header(headers, 'mcp-protocol-version');
  if (isPlainLegacyRequest(body, version)) return { kind: 'request', message: body, modern: false };
  const refused = paramsRefusal(body);
  if (refused) return refused;
  const std = { version, method: header(headers, 'mcp-method'), name: header(headers, 'mcp-name') };
  if (isWellFormedModernRequest(body, std.version, std.method)) return modernRequest(body, std, knows);
  return decide(body, std, Array.isArray(body) ? undefined : sdkRoute(body, std), knows);
}

/** The same decision with every body classified by the SDK: the reference the fast paths are held to. */
export function edgeBySdk(body: unknown, headers: IncomingHttpHeaders, knows: KnownMethod = isKnownMethod): Edge {
  if (hasUnechoableId(body)) return UNECHOABLE_ID;
  const refused = paramsRefusal(body);
  if (refused) return refused;
  const std = standardHeadersOf(headers);
  return decide(body, std, Array.isArray(body) ? undefined : sdkRoute(body, std), knows);
}

/** A request the SDK routed as modern: the standard-header and method-registry rungs. */
function modernRequest(message: JsonRpcRequest, std: StandardHeaders, knows: KnownMethod): Edge {
  const rejected = standardHeaders(message, std);
  if (rejected) return rejected;
  // The method-registry rung: a method the revision does not define (or this server does not offer:
  // resources/* without a resource) is 404 (2026-07-28 ladder).
  if (!knows(message.method, message.params)) {
    return { kind: 'reject', status: 404, answer: errorBody(JsonRpcErrorCode.MethodNotFound, `Method not found: ${echoed(message.method, 100)}`, message.id) };
  }
  return { kind: 'request', message, modern: true };
}

/** The edge's decision on the SDK's route (none for a batch, which this endpoint refuses). */
function decide(body: unknown, std: StandardHeaders, route: Route | undefined, knows: KnownMethod): Edge {
  if (route === undefined) {
    return { kind: 'reject', status: 400, answer: errorBody(JsonRpcErrorCode.InvalidRequest, 'Bad Request: JSON-RPC batches are not supported by this endpoint') };
  }
  if (route.kind === 'reject') {
    return { kind: 'reject', status: route.httpStatus, answer: errorBody(route.code, route.message, idOf(body), route.data) };
  }
  if (route.kind === 'modern') {
    if (route.messageKind === 'notification') return { kind: 'notification', message: route.message as unknown as JsonRpcNotification };
    return modernRequest(route.message as unknown as JsonRpcRequest, std, knows);
  }
  // 2025-era: an unsupported MCP-Protocol-Version header is 400 (2025-06-18, "Protocol Version Header").
  const version = std.version;
  if (version !== undefined && route.reason !== 'initialize' && !(HANDSHAKE_VERSIONS as readonly string[]).includes(version)) {
    const text = `Bad Request: unsupported MCP-Protocol-Version ${echoed(version, 40)}`;
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
