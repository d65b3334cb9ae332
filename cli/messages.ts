// The one place that turns a kb CLI failure into its one-line message. Keys are never printed.
import {
  HubError,
  HubFilenameTooLongError,
  HubKeyError,
  HubNetworkError,
  HubPermissionError,
  HubStatusError,
  MAX_FILENAME_LENGTH,
} from '../src/hub';

export function failureLine(err: unknown, hubUrl: string): string {
  if (err instanceof HubPermissionError) {
    return `the hub refused HUB_KNOWLEDGE_KEY: it lacks the ${err.scope} permission; use a key with ${err.scope}`;
  }
  if (err instanceof HubKeyError) return 'the hub rejected HUB_KNOWLEDGE_KEY as missing or invalid (HTTP 401)';
  if (err instanceof HubFilenameTooLongError) {
    return `a filename is ${err.length} characters; the hub allows at most ${MAX_FILENAME_LENGTH} (nothing was sent)`;
  }
  if (err instanceof HubNetworkError) return `${err.timedOut ? 'no answer in time from' : 'could not reach'} the hub at ${hubUrl}`;
  if (err instanceof HubStatusError) return `the hub answered HTTP ${err.status} to ${err.method} ${err.path}`;
  if (err instanceof HubError) return err.message;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const path = (err as NodeJS.ErrnoException | undefined)?.path;
  if (code === 'ENOENT' && path !== undefined) return `cannot read ${path}: no such file or folder`;
  if (code === 'EISDIR' && path !== undefined) return `cannot read ${path}: it is a folder`;
  if (code === 'ENOTDIR' && path !== undefined) return `cannot read ${path}: it is a file, not a folder`;
  return err instanceof Error ? err.message : String(err);
}
