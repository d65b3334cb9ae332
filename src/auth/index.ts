// /mcp as an OAuth protected resource: settings, metadata, token verification and scopes.
export { createProtectedResource, type LaneAuth, type ProtectedResource, type ProtectedResourceOptions } from './protected-resource';
export { createDiscovery, discover, DiscoveryError, type Discovery } from './discovery';
export { createTokenVerifier, type TokenVerifier, type Verification } from './verify';
export { subjectTagOf } from './principal-of';
export { createResourceTokenGuard } from './resource-token-guard';
export type { Principal, UpstreamCredentials } from './principal';
export type { AuthSettings, UpstreamAuthMode } from './settings';
