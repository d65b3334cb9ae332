// How hosts find and add this server: the Server Card, the AI Catalog, server.json for the MCP Registry,
// and install links, all from the one ServerInfo that initialize and server/discover answer with.
export { createCardRoutes, negotiated, AI_CATALOG_PATH, SERVER_CARD_PATH, type CardRouteOptions } from './routes';
export { aiCatalog, catalogIdentifier, serverCard, serverJson, AI_CATALOG_TYPE, SERVER_CARD_SCHEMA, SERVER_CARD_TYPE, SERVER_JSON_SCHEMA } from './documents';
export { mcpRemote, remoteHeaders, type HeaderInput, type Remote } from './remote';
export { mcpUrlOf, type McpUrl, type PublicUrlOptions } from './public-url';
export { hostSideName, installLinks, localMcpUrl, type InstallLinks } from './install-links';
export { PLACEHOLDER_NAMESPACE, type CardSettings } from './settings';
