// X-Session-Id unlocks a user's files at the hub, so logs carry only a short hash of it: enough to
// follow one session through the log, useless to anyone who reads the log.
import { hash } from 'node:crypto';

/** The first 12 hex digits of the id's sha256. */
export function sessionTag(id: string): string {
  return hash('sha256', id, 'hex').slice(0, 12);
}
