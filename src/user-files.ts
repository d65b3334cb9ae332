// Builds `ctx.files` for one call: the user's library at the hub, bound to the call's X-Session-Id
// (contract, "MCP file access", rule 1: the session resolves the user; no user id is ever passed).
// Only the scoped key and the session id go to the hub: the user's own token never does.
import type { Config } from './config';
import { createHubClient, type HubClient } from './hub';
import { HubNotConfiguredError } from './hub/errors';
import { ToolError } from './tools/tool-error';
import type { LibraryFile, UserFiles } from './tools/context';
import type { Caller } from './upstream/credentials';
import { abortSignalOf, type Cancellation } from './call-signal';
import type { UserFilesFactory } from './tools/registry';

export type { UserFilesFactory } from './tools/registry';

export interface UserFilesService {
  forCall: UserFilesFactory;
  close(): Promise<void>;
}

const NO_SESSION =
  'Your file library cannot be reached from this request: it carried no session id (X-Session-Id). ' +
  'Please reopen the assistant and try again.';

/**
 * Without HUB_URL: the same error as a hub feature whose key is missing, so the call is logged as the
 * operator's misconfiguration (hub_error, HUB_NOT_CONFIGURED), not as a tool's own explained failure.
 */
function offline(): UserFiles {
  const refuse = (path: string) => async (): Promise<never> => {
    throw new HubNotConfiguredError('POST', path, 'HUB_URL');
  };
  return { available: false, fetch: refuse('/api/mcp/files/fetch'), upload: refuse('/api/mcp/files/upload') };
}

function bound(client: HubClient, sessionId: string | undefined, cancellation: Cancellation): UserFiles {
  const session = (): string => {
    if (sessionId === undefined) throw new ToolError(NO_SESSION);
    return sessionId;
  };
  return {
    available: true,
    async fetch(name): Promise<LibraryFile> {
      const file = await client.fetchFile(session(), name, { signal: abortSignalOf(cancellation) });
      return { name, content: file.content, contentType: file.contentType };
    },
    async upload(name, content, contentType) {
      await client.uploadFile(session(), name, content, contentType, { signal: abortSignalOf(cancellation) });
      return { name };
    },
  };
}

/** One hub client for the process (keys from the configuration), bound per call to that call's session. */
export function userFiles(hub: Config['hub'], timeoutMs = 10_000): UserFilesService {
  if (hub.url === undefined) {
    const files = offline();
    return { forCall: () => files, close: async () => undefined };
  }
  const client = createHubClient({
    baseUrl: hub.url,
    keys: { filesRead: hub.filesReadKey, filesWrite: hub.filesWriteKey },
    timeoutMs,
  });
  return {
    forCall: (caller, signal) => bound(client, caller.sessionId, signal),
    close: () => client.close(),
  };
}
