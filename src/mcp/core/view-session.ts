// How a 2025-era request on stateless /mcp says its client declared MCP Apps at initialize: the answer to
// an initialize that declared `io.modelcontextprotocol/ui` carries an `Mcp-Session-Id` (Streamable HTTP),
// which the client sends on every later request. The server keeps nothing: the id only restates the
// client's own declaration, so it grants nothing a client could not get by declaring the extension.
// Without it, tools/list and resources/list leave the views out, and a resources/read of a view answers a
// short page instead of the view (./view-placeholder.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const PREFIX = 'views-';

/** A fresh id for one client that declared the extension: `views-<uuid>` (visible ASCII, as the transport asks). */
export function viewSessionId(): string {
  return `${PREFIX}${randomUUID()}`;
}

/** Whether a 2025-era request carries an id this server hands only to clients that declared the extension. */
export function carriesViewSession(headers: IncomingHttpHeaders): boolean {
  const id = headers['mcp-session-id'];
  return typeof id === 'string' && id.startsWith(PREFIX);
}
