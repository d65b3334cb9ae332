// Verified tokens by a hash of the token (never the token itself), each until shortly before it expires,
// so a call with a known token costs a hash and a lookup instead of a signature check or an introspection
// request. Bounded: past `max` entries the oldest goes first (insertion order, LRU-ish).
import { hash } from 'node:crypto';
import type { Principal } from './principal';

/** sha256 of the token, base64url: the key of every cache that holds something derived from a token. */
export function tokenKeyOf(token: string): string {
  // One-shot: createHash() builds a Hash object per call (1.3 µs for an 800-character token here, 0.77 with hash()).
  return hash('sha256', token, 'base64url');
}

/** An entry is dropped this long before the token expires, so a call never starts on a token about to lapse. */
const EXPIRY_MARGIN_MS = 5_000;

export class TokenCache {
  private readonly entries = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly max = 10_000,
    /** A token without `exp` is trusted this long before it is verified again. */
    private readonly maxAgeMs = 300_000,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, now = Date.now()): Principal | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.principal;
    this.entries.delete(key);
    return undefined;
  }

  set(principal: Principal, now = Date.now()): void {
    const until = Math.min(principal.expiresAt - EXPIRY_MARGIN_MS, now + this.maxAgeMs);
    if (until <= now) return;
    if (!this.entries.has(principal.tokenKey) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(principal.tokenKey, { principal, until });
  }
}
