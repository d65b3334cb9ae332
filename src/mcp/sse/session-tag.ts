// A session id unlocks a user's files at the hub, so logs carry only a short hash of it: enough to
// follow one session through the log, useless to anyone reading it.
import { createHash } from 'node:crypto';

export function sessionTag(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 12);
}
