// The MCP revisions this server speaks. 2024-11-05 is what the hub's HTTP+SSE lane negotiates; 2025-era
// clients initialize on /mcp; 2026-07-28 clients send no initialize: the version rides in each request's _meta.

/** Revisions negotiated with `initialize`, newest first. */
export const HANDSHAKE_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;

/** The revision without sessions or initialize (server/discover, per-request `_meta`). */
export const STATELESS_VERSION = '2026-07-28';

/** Every revision, newest first, as server/discover reports them. */
export const SUPPORTED_VERSIONS = [STATELESS_VERSION, ...HANDSHAKE_VERSIONS] as const;

/** The answer to `initialize`: the client's version when we speak it, else our newest handshake revision. */
export function negotiate(requested: unknown): string {
  return typeof requested === 'string' && (HANDSHAKE_VERSIONS as readonly string[]).includes(requested)
    ? requested
    : HANDSHAKE_VERSIONS[0];
}

/** True for a revision of the stateless era (2026-07-28 and later): they compare as dates. */
export function isStatelessEra(version: unknown): version is string {
  return typeof version === 'string' && version >= STATELESS_VERSION;
}

/**
 * Which of a tool's fields a revision knows: 2024-11-05 lists `name`, `description` and `inputSchema` and
 * answers `content` and `isError` (the hub's contract, exactly); 2025-03-26 adds `annotations`; 2025-06-18
 * adds `title`, `outputSchema`, `_meta` and `structuredContent`. Revisions compare as dates.
 */
export type ToolFields = 'basic' | 'annotated' | 'all';

export function toolFieldsOf(version: string): ToolFields {
  return version >= '2025-06-18' ? 'all' : version >= '2025-03-26' ? 'annotated' : 'basic';
}

/** `_meta` keys of the 2026-07-28 request envelope. */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  traceparent: 'traceparent',
  tracestate: 'tracestate',
  baggage: 'baggage',
} as const;
