// The bounded vocabularies of telemetry: what a call's outcome code means for the log level and the
// metric label, and the class of an upstream answer. Label values come only from these sets (issue 11),
// never from user input, so a scrape cannot grow without bound.

/** `outcome` label of mcp_tool_calls_total. */
export const CALL_OUTCOMES = [
  'ok',
  'tool_error',
  'invalid_arguments',
  'cancelled',
  'refused',
  'upstream_4xx',
  'upstream_5xx',
  'upstream_timeout',
  'upstream_network',
  'upstream_bad_answer',
  'hub_error',
  'hub_unavailable',
  'internal',
  'unknown_tool',
  'auth_expired', // issue 17: the client's token was refused at the exchange (sign in again)
  'auth_unavailable', // the authorization server was down, slow or 5xx
  'auth_refused', // the authorization server refused this server's own client
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** `class` label of mcp_upstream_responses_total. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'timeout', 'network'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** Why a request was refused before or instead of running (`reason` label of mcp_refused_requests_total). */
export const REFUSAL_REASONS = ['auth', 'host', 'origin', 'rate_limit', 'in_flight', 'size', 'capacity', 'invalid_token', 'insufficient_scope'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export type CallLevel = 'info' | 'warn' | 'error';

export interface OutcomeClass {
  outcome: CallOutcome;
  /** info: the call did what it could; warn: a dependency failed (5xx, time-out, no connection); error: a bug. */
  level: CallLevel;
}

const FIXED: Readonly<Record<string, OutcomeClass>> = {
  OK: { outcome: 'ok', level: 'info' },
  TOOL_ERROR: { outcome: 'tool_error', level: 'info' },
  INVALID_ARGUMENTS: { outcome: 'invalid_arguments', level: 'info' },
  CANCELLED: { outcome: 'cancelled', level: 'info' },
  UPSTREAM_TIMEOUT: { outcome: 'upstream_timeout', level: 'warn' },
  UPSTREAM_UNREACHABLE: { outcome: 'upstream_network', level: 'warn' },
  UPSTREAM_NOT_JSON: { outcome: 'upstream_bad_answer', level: 'warn' },
  UPSTREAM_TOO_LARGE: { outcome: 'upstream_bad_answer', level: 'info' },
  UPSTREAM_REQUEST_INVALID: { outcome: 'invalid_arguments', level: 'info' },
  HUB_TIMEOUT: { outcome: 'hub_unavailable', level: 'warn' },
  HUB_UNREACHABLE: { outcome: 'hub_unavailable', level: 'warn' },
  RATE_LIMITED: { outcome: 'refused', level: 'info' },
  TOO_MANY_IN_FLIGHT: { outcome: 'refused', level: 'info' },
  INTERNAL: { outcome: 'internal', level: 'error' },
  AUTH_EXPIRED: { outcome: 'auth_expired', level: 'info' },
  AUTH_UNAVAILABLE: { outcome: 'auth_unavailable', level: 'warn' },
  AUTH_REFUSED: { outcome: 'auth_refused', level: 'error' },
};
const INTERNAL = FIXED.INTERNAL!;
const TOOL_ERROR = FIXED.TOOL_ERROR!;
const UPSTREAM_5XX: OutcomeClass = { outcome: 'upstream_5xx', level: 'warn' };
const UPSTREAM_4XX: OutcomeClass = { outcome: 'upstream_4xx', level: 'info' };
const UPSTREAM_OTHER: OutcomeClass = { outcome: 'upstream_bad_answer', level: 'warn' };
const HUB_ERROR: OutcomeClass = { outcome: 'hub_error', level: 'info' };
const HUB_MISCONFIGURED: OutcomeClass = { outcome: 'hub_error', level: 'error' };

/**
 * Classifies the outcome code of the per-call log line (`UPSTREAM_HTTP_503`, `HUB_NOT_FOUND`, a
 * ToolError's code...). `unexpected` (a thrown bug, an operator's misconfiguration) is always `error`.
 * Returns shared constants: nothing is allocated per call.
 */
export function classifyOutcome(code: string, unexpected: boolean): OutcomeClass {
  if (unexpected) return code.startsWith('HUB_') ? HUB_MISCONFIGURED : INTERNAL;
  const fixed = FIXED[code];
  if (fixed !== undefined) return fixed;
  if (code.startsWith('UPSTREAM_HTTP_')) {
    const first = code.charCodeAt(14);
    return first === 53 /* 5 */ ? UPSTREAM_5XX : first === 52 /* 4 */ ? UPSTREAM_4XX : UPSTREAM_OTHER;
  }
  if (code.startsWith('HUB_')) return HUB_ERROR;
  // A tool's own ToolError subclass with its own code: the tool explained the failure.
  return TOOL_ERROR;
}

/** The class of an upstream answer, or of its absence (a time-out, no connection). */
export function statusClass(status: number): StatusClass {
  return status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';
}
