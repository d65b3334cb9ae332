// The one outcome vocabulary of a tool call, shared by the call's log line (`outcome`), the
// metric label (mcp_tool_calls_total{outcome}) and the span (error.type); docs/operations.md, "Call
// outcomes", says what each means and what the user is told. Label values come only from these sets
//, never from user input, so a scrape cannot grow without bound.

/** Every outcome of a tools/call, in the order of the docs' table. */
export const CALL_OUTCOMES = [
  'ok',
  'tool_error',
  'invalid_arguments',
  'cancelled',
  'refused',
  'upstream_auth',
  'upstream_forbidden',
  'upstream_4xx',
  'upstream_5xx',
  'upstream_timeout',
  'upstream_unreachable',
  'upstream_bad_answer',
  'upstream_too_large',
  'hub_error',
  'hub_unavailable',
  'internal',
  'unknown_tool',
  'auth_expired', // The client's token was refused at the exchange (sign in again)
  'auth_unavailable', // the authorization server was down, slow or 5xx
  'auth_refused', // the authorization server refused this server's own client
  'invalid_request',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** Outcomes of a call that names no registered tool: never counted per tool (the name is the client's). */
export type UnnamedOutcome = Extract<CallOutcome, 'unknown_tool' | 'invalid_request'>;

/** Outcomes only a tool that uses the hub's files can have: their series appear on first use. */
export const HUB_OUTCOMES: ReadonlySet<CallOutcome> = new Set(['hub_error', 'hub_unavailable']);

/** Outcomes only a call of /mcp in oauth mode can have: their series appear on first use too. */
export const OAUTH_OUTCOMES: ReadonlySet<CallOutcome> = new Set(['auth_expired', 'auth_unavailable', 'auth_refused']);

/** `class` label of mcp_upstream_responses_total. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'timeout', 'network'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** Why a request was refused before or instead of running (`reason` label of mcp_refused_requests_total). */
export const REFUSAL_REASONS = ['auth', 'host', 'origin', 'rate_limit', 'in_flight', 'size', 'capacity', 'bodies', 'invalid_token', 'insufficient_scope'] as const;
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
  // Stopped when the server's shutdown grace ran out, and answered (the 'shutting down' line counts them).
  SHUTDOWN: { outcome: 'cancelled', level: 'info' },
  UPSTREAM_TIMEOUT: { outcome: 'upstream_timeout', level: 'warn' },
  UPSTREAM_UNREACHABLE: { outcome: 'upstream_unreachable', level: 'warn' },
  UPSTREAM_NOT_JSON: { outcome: 'upstream_bad_answer', level: 'warn' },
  UPSTREAM_TOO_LARGE: { outcome: 'upstream_too_large', level: 'info' },
  UPSTREAM_REQUEST_INVALID: { outcome: 'invalid_arguments', level: 'info' },
  // A 2xx whose body says the request failed (UPSTREAM_ERROR_WHEN): the API refused it, like a 4xx.
  UPSTREAM_REFUSED_IN_BODY: { outcome: 'upstream_4xx', level: 'info' },
  // A 429, or a 503 with Retry-After: the API asked to wait (the line names the seconds).
  UPSTREAM_RATE_LIMITED: { outcome: 'upstream_4xx', level: 'info' },
  UPSTREAM_UNAVAILABLE: { outcome: 'upstream_5xx', level: 'warn' },
  // A 401 to a call that carried no credentials: the client's connection is set up to send none.
  UPSTREAM_NO_CREDENTIALS: { outcome: 'upstream_auth', level: 'warn' },
  // A 401 on /mcp to a call that carried an API key: the key was refused (wrong, revoked), not a session.
  UPSTREAM_KEY_REFUSED: { outcome: 'upstream_auth', level: 'warn' },
  HUB_TIMEOUT: { outcome: 'hub_unavailable', level: 'warn' },
  HUB_UNREACHABLE: { outcome: 'hub_unavailable', level: 'warn' },
  RATE_LIMITED: { outcome: 'refused', level: 'info' },
  TOO_MANY_IN_FLIGHT: { outcome: 'refused', level: 'info' },
  // The hub's lane in oauth mode keeps back a token made for /mcp, before any work.
  MCP_TOKEN_NOT_FORWARDED: { outcome: 'refused', level: 'info' },
  // A machine caller (client credentials, no user) at a tool or an API that acts for a person, before any work.
  NO_USER: { outcome: 'refused', level: 'info' },
  INTERNAL: { outcome: 'internal', level: 'error' },
  AUTH_EXPIRED: { outcome: 'auth_expired', level: 'info' },
  AUTH_UNAVAILABLE: { outcome: 'auth_unavailable', level: 'warn' },
  AUTH_REFUSED: { outcome: 'auth_refused', level: 'error' },
  UNKNOWN_TOOL: { outcome: 'unknown_tool', level: 'info' },
  INVALID_REQUEST: { outcome: 'invalid_request', level: 'info' },
};
const INTERNAL = FIXED.INTERNAL!;
const TOOL_ERROR = FIXED.TOOL_ERROR!;
// 401 and 403 are the user's to act on (sign in again, ask for access), not the API's fault: apart from other 4xx.
const UPSTREAM_AUTH: OutcomeClass = { outcome: 'upstream_auth', level: 'info' };
const UPSTREAM_FORBIDDEN: OutcomeClass = { outcome: 'upstream_forbidden', level: 'info' };
const UPSTREAM_5XX: OutcomeClass = { outcome: 'upstream_5xx', level: 'warn' };
const UPSTREAM_4XX: OutcomeClass = { outcome: 'upstream_4xx', level: 'info' };
const UPSTREAM_OTHER: OutcomeClass = { outcome: 'upstream_bad_answer', level: 'warn' };
const HUB_ERROR: OutcomeClass = { outcome: 'hub_error', level: 'info' };
const HUB_MISCONFIGURED: OutcomeClass = { outcome: 'hub_error', level: 'error' };

/**
 * Classifies a call's failure code (`UPSTREAM_HTTP_503`, `HUB_NOT_FOUND`, a ToolError's code...) into the
 * vocabulary. `unexpected` (a thrown bug, an operator's misconfiguration) is always `error`.
 * Returns shared constants: nothing is allocated per call.
 */
export function classifyOutcome(code: string, unexpected: boolean): OutcomeClass {
  if (unexpected) return code.startsWith('HUB_') ? HUB_MISCONFIGURED : INTERNAL;
  const fixed = FIXED[code];
  if (fixed !== undefined) return fixed;
  if (code.startsWith('UPSTREAM_HTTP_')) {
    if (code === 'UPSTREAM_HTTP_401') return UPSTREAM_AUTH;
    if (code === 'UPSTREAM_HTTP_403') return UPSTREAM_FORBIDDEN;
    const first = code.charCodeAt(14);
    return first === 53 /* 5 */ ? UPSTREAM_5XX : first === 52 /* 4 */ ? UPSTREAM_4XX : UPSTREAM_OTHER;
  }
  if (code.startsWith('HUB_')) return HUB_ERROR;
  // A tool's own ToolError subclass with its own code: the tool explained the failure.
  return TOOL_ERROR;
}

/**
 * The code to log beside the outcome, when the outcome alone does not say it: a ToolError's own code,
 * HUB_NOT_FOUND, UPSTREAM_NOT_JSON, RATE_LIMITED... Undefined when it would repeat the outcome, and for
 * UPSTREAM_HTTP_<status> (the line carries upstreamStatus).
 */
export function detailCode(code: string, outcome: CallOutcome): string | undefined {
  if (code.startsWith('UPSTREAM_HTTP_') || code === 'INTERNAL') return undefined;
  return code.toLowerCase() === outcome ? undefined : code;
}

/** The class of an upstream answer, or of its absence (a time-out, no connection). */
export function statusClass(status: number): StatusClass {
  return status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';
}
