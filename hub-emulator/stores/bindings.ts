// Auth bindings by widget connection (wsId), and the session ids the emulator hands tool servers.
// A session id resolves to its binding, and so to the user (contract, "Hub endpoints" rule 1).
import type { AuthArtifacts, HubIdentity } from '../../src/hub';

/** The emulator also reads an optional `tenantId` on the identity, for X-Tenant-Id. */
export type BoundIdentity = HubIdentity & { tenantId?: string };

export interface Binding {
  wsId: string;
  identity: BoundIdentity | undefined;
  authArtifacts: AuthArtifacts;
  /** Sent as X-Session-Id on every tool-server request for this binding. */
  sessionId: string;
  boundAt: Date;
}

export interface BindingStore {
  /** Binds or re-binds; a re-bind keeps the session id, so a refreshed token reaches the same session. */
  bind(wsId: string, identity: BoundIdentity | undefined, authArtifacts: AuthArtifacts): Binding;
  get(wsId: string): Binding | undefined;
  bySessionId(sessionId: string): Binding | undefined;
  /** Drops the matching bindings and their session ids; returns what was dropped. */
  invalidate(match: { wsId?: string; userId?: string }): Binding[];
  list(): Binding[];
}

/** Whose library a binding reaches: the user id, or the connection itself for an anonymous bind. */
export function libraryOwner(binding: Binding): string {
  return binding.identity?.userId ?? `anonymous:${binding.wsId}`;
}

export function createBindingStore(newSessionId: () => string): BindingStore {
  const byWs = new Map<string, Binding>();
  const wsBySession = new Map<string, string>();

  return {
    bind(wsId, identity, authArtifacts) {
      const previous = byWs.get(wsId);
      const sessionId = previous?.sessionId ?? newSessionId();
      const binding: Binding = { wsId, identity, authArtifacts, sessionId, boundAt: new Date() };
      byWs.set(wsId, binding);
      wsBySession.set(sessionId, wsId);
      return binding;
    },
    get: (wsId) => byWs.get(wsId),
    bySessionId(sessionId) {
      const wsId = wsBySession.get(sessionId);
      return wsId === undefined ? undefined : byWs.get(wsId);
    },
    invalidate({ wsId, userId }) {
      const dropped = [...byWs.values()].filter(
        (b) => (wsId !== undefined && b.wsId === wsId) || (userId !== undefined && b.identity?.userId === userId),
      );
      for (const b of dropped) {
        byWs.delete(b.wsId);
        wsBySession.delete(b.sessionId);
      }
      return dropped;
    },
    list: () => [...byWs.values()],
  };
}
