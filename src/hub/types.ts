// Shapes of the hub's requests and answers (contract, "Resources and their fields").

export interface HubIdentity {
  userId: string;
  username?: string;
  role?: { name: string };
}

export interface AuthArtifacts {
  /** Header name to value, forwarded opaquely to tool servers, e.g. { Authorization: 'Bearer …' }. */
  headers: Record<string, string>;
  /** A Cookie header value. */
  cookies?: string;
}

export interface BindRequest {
  wsId: string;
  /** Omit for an anonymous bind. */
  identity?: HubIdentity;
  authArtifacts: AuthArtifacts;
}

/** The contract does not show invalidate's body; the emulator accepts either field. */
export type InvalidateRequest = { wsId: string } | { userId: string };

export interface FetchedFile {
  content: Buffer;
  contentType: string;
}

export interface UploadResult {
  name: string;
  /** The hub's answer; its shape is not part of the contract. */
  body: unknown;
}

export type SyncAction = 'add' | 'replace' | 'remove';

export interface SyncRequest {
  action: SyncAction;
  /** The sync key, at most 512 characters. */
  filename: string;
  /** Required for add and replace; not sent for remove. */
  content?: Buffer | string;
  contentType?: string;
}

/** 204 from the hub means the sync was a no-op (e.g. remove of a missing document). */
export type SyncResult = { noop: true } | { noop: false; body: unknown };

export interface CallOptions {
  /** Aborts the request, e.g. the tool call's own signal. */
  signal?: AbortSignal;
}
