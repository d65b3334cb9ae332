// Raw POST /mcp in each era, for tests that check the exact wire: a 2025-era request (after an initialize
// the stateless lane does not remember), or a 2026-07-28 request with its `_meta` envelope and headers.
export const MODERN = '2026-07-28';
export const UI = 'io.modelcontextprotocol/ui';
export const VIEW_CAPABILITIES = { extensions: { [UI]: { mimeTypes: ['text/html;profile=mcp-app'] } } };

export interface Posted {
  status: number;
  json: { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };
  text: string;
  /** The Retry-After header of a 503 or 429, else null. */
  retryAfter: string | null;
  /** The Mcp-Session-Id header (an initialize that declared MCP Apps), else null. */
  sessionId: string | null;
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<Posted> {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as Posted['json'], text, retryAfter: response.headers.get('retry-after'), sessionId: response.headers.get('mcp-session-id') };
}

/**
 * A 2025-era request (no `_meta` envelope), with the `MCP-Protocol-Version` header a 2025-11-25 client
 * sends after its initialize; `{ 'mcp-protocol-version': '' }` in `headers` sends none.
 */
export function post2025(url: string, method: string, params?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Posted> {
  const named = { 'mcp-protocol-version': '2025-11-25', ...headers };
  if (named['mcp-protocol-version'] === '') delete (named as Record<string, string | undefined>)['mcp-protocol-version'];
  return post(url, { jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }, named);
}

/**
 * The headers of a 2025-era client that declared MCP Apps at initialize: the Mcp-Session-Id it was
 * answered, which its later requests carry (a view is read in full only with it: docs/views.md).
 */
export async function viewsSession(url: string, headers: Record<string, string> = {}): Promise<Record<string, string>> {
  const initialize = { protocolVersion: '2025-11-25', capabilities: VIEW_CAPABILITIES, clientInfo: { name: 'raw-test', version: '1' } };
  const { sessionId } = await post2025(url, 'initialize', initialize, headers);
  if (sessionId === null) throw new Error('an initialize that declared MCP Apps was answered without an Mcp-Session-Id');
  return { ...headers, 'mcp-session-id': sessionId };
}

/** A 2026-07-28 request: the envelope in `_meta` (with these client capabilities) and the standard headers. */
export function post2026(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  { capabilities = {}, headers = {} }: { capabilities?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<Posted> {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
  };
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : typeof params.taskId === 'string' ? params.taskId : undefined;
  return post(
    url,
    { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta } },
    { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name === undefined ? {} : { 'mcp-name': name }), ...headers },
  );
}
