// Builds `ctx.files` for one call: the user's library at the hub, bound to the call's X-Session-Id.
import type { Config } from './config';
import { ToolError } from './tools/tool-error';
import type { UserFiles } from './tools/context';
import type { Caller } from './upstream/credentials';

export type UserFilesFactory = (caller: Caller, signal: AbortSignal) => UserFiles;

export function userFilesFactory(_hub: Config['hub']): UserFilesFactory {
  const notConfigured: UserFiles = {
    fetch: async () => {
      throw new ToolError('Reading files from your library is not set up on this tool server (HUB_URL and HUB_FILES_READ_KEY).');
    },
    upload: async () => {
      throw new ToolError('Saving files to your library is not set up on this tool server (HUB_URL and HUB_FILES_WRITE_KEY).');
    },
  };
  return () => notConfigured;
}
