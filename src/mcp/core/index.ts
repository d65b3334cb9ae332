export { claimedVersion, createProtocolCore, isKnownMethod, type KnownMethod, type CoreOptions, type ProtocolCore } from './core';
export type { CoreContext, ServerInfo } from './context';
export * from './jsonrpc';
export { traceContext, type TraceContext } from './trace-context';
export { HANDSHAKE_VERSIONS, isStatelessEra, META, STATELESS_VERSION, SUPPORTED_VERSIONS } from './versions';
export { echoed, MAX_ECHO } from './echo';
export { declaresViews } from './resources';
