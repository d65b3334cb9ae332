// What verifying a bearer token can conclude: a principal, a token that is not good (401 invalid_token),
// or no way to tell right now because the authorization server cannot be reached (503, retry).
import type { Principal } from './principal';

export type Verdict =
  | { ok: true; principal: Principal }
  | { ok: false; kind: 'invalid'; reason: string }
  | { ok: false; kind: 'unavailable'; reason: string };

export const invalid = (reason: string): Verdict => ({ ok: false, kind: 'invalid', reason });
export const unavailable = (reason: string): Verdict => ({ ok: false, kind: 'unavailable', reason });
