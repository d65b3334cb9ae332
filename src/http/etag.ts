// Entity tags for documents served with revalidation (the views' runtime, the Server Card): a strong tag
// from the bytes, and RFC 9110's If-None-Match test.
import { createHash } from 'node:crypto';

/** A strong ETag for these bytes: the same bytes always get the same tag, on every replica. */
export function etagOf(body: string | Buffer, suffix = ''): string {
  return `"${createHash('sha256').update(body).digest('base64url')}${suffix}"`;
}

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 §13.1.2 asks), or is `*`. */
export function ifNoneMatchHas(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
