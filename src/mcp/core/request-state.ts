// The `requestState` of a 2026-07-28 multi-round-trip call (a tool that asks the user): the answers given
// so far, sealed with AES-256-GCM (integrity and confidentiality) and bound to the tool, a hash of its
// arguments, the caller and an expiry, so any replica sharing the key can trust and resume it. A state
// opened once is not accepted again by this process (a replayed state is refused).
import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';

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

const USED_NONCES = 50_000;

export class RequestStateCodec {
  private readonly key: Buffer;
  private readonly used = new Set<string>();

  constructor(
    secret: string | undefined,
    /** How long a state may be resumed. */
    private readonly ttlMs: number,
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

  open(text: string, binding: StateBinding): Opened {
    let body: Sealed;
    try {
      const raw = Buffer.from(text, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      body = JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as Sealed;
    } catch {
      return { ok: false, reason: 'it was not issued by this server or was altered' };
    }
    if (body.e < this.now()) return { ok: false, reason: 'it has expired' };
    if (body.t !== binding.tool || body.a !== argsHash(binding.args)) return { ok: false, reason: 'it was issued for another tool or other arguments' };
    if (body.o !== binding.owner) return { ok: false, reason: 'it was issued to another caller' };
    if (this.used.has(body.n)) return { ok: false, reason: 'it has been used already' };
    if (this.used.size >= USED_NONCES) this.used.delete(this.used.values().next().value!);
    this.used.add(body.n);
    return { ok: true, answers: body.r };
  }
}

function argsHash(args: unknown): string {
  return hash('sha256', JSON.stringify(args ?? {}), 'base64url');
}
