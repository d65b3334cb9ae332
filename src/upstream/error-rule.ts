// UPSTREAM_ERROR_WHEN: the rule for APIs that answer a failed request with a 2xx whose body
// says so, e.g. Slack's `200 {"ok": false, "error": "channel_not_found"}`. Written `<field>:<JSON literal>`
// (`ok:false`, `status:"error"`): a 2xx JSON body whose top-level field equals the literal is a refusal.
import { z } from 'zod';

export interface ErrorRule {
  /** A top-level field of the body, e.g. `ok`. */
  field: string;
  /** The value that means failure: a string, number, boolean or null. */
  equals: string | number | boolean | null;
}

const FORMAT = 'must be <field>:<JSON literal>, e.g. ok:false or status:"error"';

/** The setting's schema: parsed once at startup, refused with one plain sentence. */
export const errorRule = z.string().transform((value, ctx): ErrorRule => {
  const colon = value.indexOf(':');
  const field = value.slice(0, colon).trim();
  let equals: unknown;
  try {
    equals = colon > 0 ? JSON.parse(value.slice(colon + 1)) : undefined;
  } catch {
    equals = undefined;
  }
  const literal = equals === null || ['string', 'number', 'boolean'].includes(typeof equals);
  if (!/^[\w$.-]{1,100}$/.test(field) || !literal) {
    ctx.addIssue({ code: 'custom', message: FORMAT });
    return z.NEVER;
  }
  return { field, equals: equals as ErrorRule['equals'] };
});

/** True when `body` (parsed JSON) is an object whose field equals the rule's literal. */
export function matchesRule(rule: ErrorRule, body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && (body as Record<string, unknown>)[rule.field] === rule.equals;
}
