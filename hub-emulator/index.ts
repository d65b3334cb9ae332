// The local hub emulator: the hub's side of the contract, for development and tests.
export { createHubEmulator, type HubEmulator } from './create-hub-emulator';
export type { EmulatorKey, HubEmulatorOptions } from './options';
export type { Binding, BindingStore, BoundIdentity } from './stores/bindings';
export { libraryOwner } from './stores/bindings';
export type { KnowledgeDocument, KnowledgeStore } from './stores/knowledge';
export type { LibraryStore, StoredFile } from './stores/libraries';
export type { ToolCaller } from './tool-caller/tool-caller';
export { BindingNotFoundError } from './tool-caller/binding-not-found-error';
export { DEMO_EMBED_KEY, DEMO_KEYS } from './demo-keys';
