export { claimedVersion, createProtocolCore, isKnownMethod, type KnownMethod, type CoreOptions, type ProtocolCore } from './core';
export type { CoreContext, ServerInfo } from './context';
export * from '../../protocol/jsonrpc';
export { echoed, MAX_ECHO } from './echo';
export { declaresViews } from './resources';
