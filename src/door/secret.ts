// The shared secret the hub sends: several accepted at once (rotation), compared in constant time.
// Both sides are hashed first so that timingSafeEqual compares equal lengths and the length of a secret
// does not leak; every accepted secret is compared, so the time does not say which one matched.
import { hash, timingSafeEqual } from 'node:crypto';

const digest = (value: string): Buffer => hash('sha256', value, 'buffer');

export function createSecretCheck(secrets: readonly string[]): (presented: string | string[] | undefined) => boolean {
  const accepted = secrets.map(digest);
  return function secretMatches(presented) {
    // A repeated header arrives as a list or joined with ", ": it matches no secret.
    if (typeof presented !== 'string' || presented === '') return false;
    const given = digest(presented);
    let matched = false;
    for (const secret of accepted) matched = timingSafeEqual(secret, given) || matched;
    return matched;
  };
}
