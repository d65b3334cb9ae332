// Builds `ctx.files` for one call: the user's library at the hub, bound to the call's X-Session-Id
// (contract, "MCP file access", rule 1: the session resolves the user; no user id is ever passed).
// Only the scoped key and the session id go to the hub: the user's own token never does.
import type { Config } from './config';
import { createHubClient, type HubClient } from './hub';
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

const NOT_CONFIGURED =
  'Your file library is not available from this tool server: it is not connected to the assistant hub (HUB_URL). ' +
  'Ask your administrator to configure it.';
const NO_SESSION =
  'Your file library cannot be reached from this request: it carried no session id (X-Session-Id). ' +
  'Please reopen the assistant and try again.';

function offline(): UserFiles {
  const refuse = async (): Promise<never> => {
    throw new ToolError(NOT_CONFIGURED);
  };
  return { fetch: refuse, upload: refuse };
}

function bound(client: HubClient, sessionId: string | undefined, cancellation: Cancellation): UserFiles {
  const session = (): string => {
    if (sessionId === undefined) throw new ToolError(NO_SESSION);
    return sessionId;
  };
  return {
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
