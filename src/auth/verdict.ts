// What verifying a bearer token can conclude: a principal, a token that is not good (401 invalid_token),
// or no way to tell right now because the authorization server cannot be reached (503, retry).
import type { Principal } from './principal';

export type Verdict =
  | { ok: true; principal: Principal }
  /** `subjectTag`: the hashed subject of a token whose claims could be trusted (signed, then expired or for another audience), for the log. */
  | { ok: false; kind: 'invalid'; reason: string; subjectTag?: string }
  | { ok: false; kind: 'unavailable'; reason: string };

export const invalid = (reason: string, subjectTag?: string): Verdict =>
  subjectTag === undefined ? { ok: false, kind: 'invalid', reason } : { ok: false, kind: 'invalid', reason, subjectTag };
export const unavailable = (reason: string): Verdict => ({ ok: false, kind: 'unavailable', reason });
