// The three documents that introduce this server before anyone connects: the MCP Server Card (the
// Server Card extension's draft, SEP-2127), the AI Catalog that lists it, and server.json for the official
// MCP Registry. All are built from the same ServerInfo that initialize and server/discover answer with.
import type { ServerInfo } from '../mcp/core/context';
import type { HeaderInput, Remote } from './remote';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
export const AI_CATALOG_TYPE = 'application/ai-catalog+json';
/** The registry's current server.json revision (its changelog); it refuses documents of another. */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** The identity both documents share; `description` is required by both (the name stands in for a test's info without one). */
function identity(info: ServerInfo) {
  return {
    name: info.name,
    version: info.version,
    ...(info.title === undefined ? {} : { title: info.title }),
    description: info.description ?? info.title ?? info.name,
  };
}

/** Remote connectivity only: no tools, resources or prompts (those are listed at runtime). */
export function serverCard(info: ServerInfo, remote: Remote) {
  return { $schema: SERVER_CARD_SCHEMA, ...identity(info), remotes: [remote] };
}

/**
 * The AI Catalog entry's identifier, domain-anchored as the draft's discovery page asks:
 * `com.example/weather` → `urn:air:example.com:mcp:weather`.
 */
export function catalogIdentifier(name: string): string {
  const slash = name.indexOf('/');
  const publisher = name.slice(0, slash).split('.').reverse().join('.');
  return `urn:air:${publisher}:mcp:${name.slice(slash + 1)}`;
}

/** One entry, by URL; its title and description are the card's own (the draft: no duplicated fields to drift). */
export function aiCatalog(name: string, cardUrl: string) {
  return { specVersion: '1.0', entries: [{ identifier: catalogIdentifier(name), type: SERVER_CARD_TYPE, url: cardUrl }] };
}

/** server.json's remote is the card's without `supportedProtocolVersions`, which the registry's schema lacks. */
export function serverJson(info: ServerInfo, url: string, headers: readonly HeaderInput[]) {
  return {
    $schema: SERVER_JSON_SCHEMA,
    ...identity(info),
    remotes: [{ type: 'streamable-http', url, ...(headers.length > 0 ? { headers } : {}) }],
  };
}
