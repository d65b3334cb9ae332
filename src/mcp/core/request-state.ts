// The `requestState` of a 2026-07-28 multi-round-trip call (a tool that asks the user): the answers given
// so far, sealed with AES-256-GCM (integrity and confidentiality) and bound to the tool, a hash of its
// arguments, the caller and an expiry, so any replica sharing the key can trust and resume it. Each state
// is used once: its nonce is claimed through the SessionBus (every worker and replica) for the rest of its
// life, so a replayed state is refused wherever it is presented; a bus that cannot answer refuses it too.
import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import type { SessionBus } from '../../sessions/bus';
import { OnceClaims } from '../../sessions/once-claims';

export interface StateBinding {
  tool: string;
  args: unknown;
  owner: string;
}

interface Sealed {
  t: string;
  a: string;
  o: string;
  /** Expiry, ms since the epoch. */
  e: number;
  /** Nonce: each state is used once. */
  n: string;
  /** The client's answers so far, by input-request key. */
  r: Record<string, unknown>;
}

export type Opened = { ok: true; answers: Record<string, unknown> } | { ok: false; reason: string };

/** Where a state's nonce is claimed: the SessionBus; this process alone by default (one process, tests). */
export type StateClaims = Pick<SessionBus, 'claimOnce'>;

const USED: Opened = { ok: false, reason: 'it has been used already' };

function localClaims(): StateClaims {
  const claims = new OnceClaims();
  return { claimOnce: (key, ttlMs) => claims.claim(key, ttlMs) };
}

export class RequestStateCodec {
  private readonly key: Buffer;

  constructor(
    secret: string | undefined,
    /** How long a state may be resumed. */
    private readonly ttlMs: number,
    private readonly claims: StateClaims = localClaims(),
    private readonly now: () => number = Date.now,
  ) {
    this.key = hash('sha256', secret ?? randomBytes(32).toString('base64'), 'buffer');
  }

  seal(binding: StateBinding, answers: Record<string, unknown>): string {
    const body: Sealed = { t: binding.tool, a: argsHash(binding.args), o: binding.owner, e: this.now() + this.ttlMs, n: randomBytes(12).toString('base64url'), r: answers };
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /**
   * The answers a state carries, once it is verified and its nonce claimed. A promise when the claim goes
   * over the bus, which rejects with BusUnavailableError when the bus cannot answer (the state is refused).
   */
  open(text: string, binding: StateBinding): Opened | Promise<Opened> {
    let body: Sealed;
    try {
      const raw = Buffer.from(text, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      body = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as Sealed;
    } catch {
      return { ok: false, reason: 'it was not issued by this server or was altered' };
    }
    const left = body.e - this.now();
    if (left < 0) return { ok: false, reason: 'it has expired' };
    if (body.t !== binding.tool || body.a !== argsHash(binding.args)) return { ok: false, reason: 'it was issued for another tool or other arguments' };
    if (body.o !== binding.owner) return { ok: false, reason: 'it was issued to another caller' };
    const opened: Opened = { ok: true, answers: body.r };
    // Claimed for the state's remaining life: after that it is refused as expired anyway.
    const claimed = this.claims.claimOnce(`state:${body.n}`, Math.max(1, left));
    if (typeof claimed === 'boolean') return claimed ? opened : USED;
    return claimed.then((ok) => (ok ? opened : USED));
  }
}

function argsHash(args: unknown): string {
  return hash('sha256', JSON.stringify(args ?? {}), 'base64url');
}
